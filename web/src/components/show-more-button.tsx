import { Button, Center, Stack, Text } from '@chakra-ui/react';

interface ShowMoreButtonProps {
  /** 'Show more clubs'. */
  label: string;
  /** 'Loading more clubs...'. */
  loadingText: string;
  /** Said (as an alert) when the last press failed. */
  failedText: string;
  loading: boolean;
  failed: boolean;
  onShowMore: () => void;
}

/** The next page of a list, on request only (no loading as the end scrolls into view). */
export function ShowMoreButton({ label, loadingText, failedText, loading, failed, onShowMore }: ShowMoreButtonProps) {
  return (
    <Center py="2">
      <Stack alignItems="center" gap="2">
        {failed && (
          <Text role="alert" textStyle="sm" color="fg.error">
            {failedText}
          </Text>
        )}
        <Button variant="outline" colorPalette="teal" loading={loading} loadingText={loadingText} onClick={onShowMore}>
          {label}
        </Button>
      </Stack>
    </Center>
  );
}
