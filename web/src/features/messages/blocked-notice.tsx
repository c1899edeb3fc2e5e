import { Alert, Box, Button } from '@chakra-ui/react';
import { useBlockMember } from './use-block-member';

interface BlockedNoticeProps {
  partner: { id: string; name: string };
}

/** In place of the reply box while the member has blocked the partner: writing to someone who
 *  cannot answer would only confuse both. */
export function BlockedNotice({ partner }: BlockedNoticeProps) {
  const { unblockMember, unblocking } = useBlockMember();
  return (
    <Box borderTopWidth="1px" px={{ base: '3', md: '4' }} py="3">
      <Alert.Root status="info" alignItems="center" flexWrap="wrap" gap="3">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>You blocked this member. Unblock to write to them.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" aria-label={`Unblock ${partner.name}`} loading={unblocking} loadingText="Unblocking..." onClick={() => void unblockMember(partner)}>
          Unblock
        </Button>
      </Alert.Root>
    </Box>
  );
}
