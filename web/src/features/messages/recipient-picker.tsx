import { Badge, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { MessageRecipientsDocument } from './messages.generated';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { RECIPIENT_RESULTS_LIMIT, SEARCH_DEBOUNCE_MS } from './messages-limits';
import type { Recipient } from './recipient';
import { KIND_LABELS, RecipientOptions } from './recipient-options';

interface RecipientPickerProps {
  value: Recipient | null;
  onChange: (recipient: Recipient | null) => void;
}

/** 'To': a search box over volunteers and clubs with a listbox of matches (arrow keys and Enter
 *  pick one); once chosen, the name and a 'Change' button. */
export function RecipientPicker({ value, onChange }: RecipientPickerProps) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  // After 'Change' the search box takes the focus that the removed button had.
  const [focusSearch, setFocusSearch] = useState(false);
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const { data, previousData, loading, error } = useQuery(MessageRecipientsDocument, {
    variables: { search: search || null, first: RECIPIENT_RESULTS_LIMIT },
    skip: value !== null,
    context: { silent: true },
  });
  const options = (data ?? previousData)?.messageRecipients.nodes ?? [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  if (value) {
    return (
      <HStack borderWidth="1px" borderRadius="md" px="3" py="2" gap="2" width="full">
        <Text fontWeight="medium" flex="1" truncate>
          {value.name}
        </Text>
        {value.kind && (
          <Badge size="sm" variant="subtle" colorPalette={value.kind === 'CLUB' ? 'blue' : 'green'}>
            {KIND_LABELS[value.kind]}
          </Badge>
        )}
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            setFocusSearch(true);
            onChange(null);
          }}
        >
          Change
        </Button>
      </HStack>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (options.length === 0 ? 0 : (index + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) onChange(option);
    }
  };

  return (
    <Stack gap="2" width="full">
      <Input
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[activeIndex] ? optionId(activeIndex) : undefined}
        placeholder="Search volunteers and clubs..."
        autoComplete="off"
        autoFocus={focusSearch}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveIndex(0);
        }}
        onKeyDown={onKeyDown}
      />
      <RecipientOptions
        listId={listId}
        options={options}
        activeIndex={activeIndex}
        loading={loading}
        failed={Boolean(error)}
        onPick={onChange}
        optionId={optionId}
      />
    </Stack>
  );
}
