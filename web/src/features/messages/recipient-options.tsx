import { Badge, Box, HStack, Spinner, Text } from '@chakra-ui/react';
import type { MessageRecipientsQuery } from '../../gql/graphql';

type Option = MessageRecipientsQuery['messageRecipients']['nodes'][number];

interface RecipientOptionsProps {
  listId: string;
  options: readonly Option[];
  activeIndex: number;
  loading: boolean;
  failed: boolean;
  onPick: (option: Option) => void;
  optionId: (index: number) => string;
}

export const KIND_LABELS = { CLUB: 'Club', VOLUNTEER: 'Volunteer' } as const;

/** The listbox under the recipient search: results, 'No recipients found.' or progress. */
export function RecipientOptions({ listId, options, activeIndex, loading, failed, onPick, optionId }: RecipientOptionsProps) {
  let status: string | null = null;
  if (options.length === 0) status = loading ? 'Searching...' : failed ? 'Recipients could not be loaded.' : 'No recipients found.';
  return (
    <Box id={listId} role="listbox" aria-label="Recipients" borderWidth="1px" borderRadius="md" maxH="52" overflowY="auto" py="1">
      {status ? (
        <HStack px="3" py="2" color="fg.muted" textStyle="sm" gap="2">
          {loading && <Spinner size="xs" />}
          <Text>{status}</Text>
        </HStack>
      ) : (
        options.map((option, index) => (
          <HStack
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            px="3"
            py="2"
            gap="2"
            cursor="pointer"
            justifyContent="space-between"
            bg={index === activeIndex ? 'bg.muted' : undefined}
            _hover={{ bg: 'bg.muted' }}
            // Keep focus in the search box so that the click is not lost to its blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(option)}
          >
            <Text truncate>{option.name}</Text>
            <Badge size="sm" variant="subtle" colorPalette={option.kind === 'CLUB' ? 'blue' : 'green'}>
              {KIND_LABELS[option.kind]}
            </Badge>
          </HStack>
        ))
      )}
    </Box>
  );
}
