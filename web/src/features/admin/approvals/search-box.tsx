// The list's search with suggestions (spec section 2): once the text is longer than 1 character,
// up to 5 matching club names as an accessible combobox (arrows to move, Enter to choose, Escape
// to close).
import { useQuery } from '@apollo/client/react';
import { Box, Field, Input, InputGroup, chakra } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { SEARCH_SUGGESTIONS, type ApplicationListFilters } from '@clubroom/rules/admin';
import { ApprovalsSuggestionsDocument } from '../admin.generated';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FILTER_DEBOUNCE_MS } from '../admin-texts';
import { filterInput } from './list-variables';

interface SearchBoxProps {
  draft: ApplicationListFilters;
  update: (patch: Partial<ApplicationListFilters>) => void;
  idPrefix: string;
}

function useSuggestions(draft: ApplicationListFilters): string[] {
  const term = useDebouncedValue(draft.search.trim(), FILTER_DEBOUNCE_MS);
  const { data } = useQuery(ApprovalsSuggestionsDocument, {
    variables: {
      filter: { ...filterInput({ ...draft, search: term, date_from: null, date_to: null, location: '' }) },
      first: SEARCH_SUGGESTIONS,
    },
    skip: term.length <= 1,
    fetchPolicy: 'cache-first',
    context: { silent: true },
  });
  if (term.length <= 1 || !data) return [];
  return [...new Set(data.clubApplications.nodes.map((club) => club.name))].slice(0, SEARCH_SUGGESTIONS);
}

export function SearchBox({ draft, update, idPrefix }: SearchBoxProps) {
  const suggestions = useSuggestions(draft);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const shown = open && draft.search.trim().length > 1 && suggestions.length > 0 && !(suggestions.length === 1 && suggestions[0] === draft.search);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (name: string) => {
    update({ search: name });
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
      return;
    }
    if (!shown) {
      if (event.key === 'ArrowDown') setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
    }
  };

  return (
    <Field.Root ids={{ control: `${idPrefix}-search` }}>
      <Field.Label>Search applications</Field.Label>
      <Box position="relative" w="full">
        <InputGroup startElement={<LuSearch aria-hidden="true" />}>
          <Input
            size="sm"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            placeholder="Club name, email or description"
            value={draft.search}
            onChange={(event) => {
              update({ search: event.target.value });
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
        </InputGroup>
        <chakra.ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!shown}
          position="absolute"
          zIndex="dropdown"
          insetX="0"
          top="100%"
          mt="1"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          listStyleType="none"
          py="1"
        >
          {shown &&
            suggestions.map((name, index) => (
              <chakra.li
                key={name}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                px="3"
                py="1.5"
                fontSize="sm"
                cursor="pointer"
                bg={index === active ? 'bg.muted' : undefined}
                _hover={{ bg: 'bg.muted' }}
                // Chosen before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(name);
                }}
              >
                {name}
              </chakra.li>
            ))}
        </chakra.ul>
      </Box>
    </Field.Root>
  );
}
