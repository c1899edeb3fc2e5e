import { Box, Button, Card, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { SEARCH_MAX } from '@clubroom/rules/admin';
import type { AdminActionType } from '../../../gql/graphql';
import { ACTION_TYPE_LIST, ACTION_TYPES } from '../action-types';
import { DateRangeFields } from '../date-range-fields';
import { SelectField } from '../../../components/select-field';

export interface AuditFilterValues {
  actionType: AdminActionType | null;
  /** 'YYYY-MM-DD' or '' for none. */
  from: string;
  to: string;
  /** The search term applied (on Enter or the Search button). */
  search: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { actionType: null, from: '', to: '', search: '' };

interface AuditFiltersProps {
  values: AuditFilterValues;
  onChange: (values: AuditFilterValues) => void;
}

const ACTION_OPTIONS: { value: AdminActionType | 'all'; label: string }[] = [
  { value: 'all', label: 'All actions' },
  ...ACTION_TYPE_LIST.map((type) => ({ value: type, label: ACTION_TYPES[type].action })),
];

/** The Audit tab's filters (administration spec, sections 2 and 5): action type and dates apply
 *  at once (with the date picker's rules); the search text only on Enter or 'Search'. */
export function AuditFilters({ values, onChange }: AuditFiltersProps) {
  const [searchText, setSearchText] = useState(values.search);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...values, search: searchText.trim() });
  };

  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField<AdminActionType | 'all'>
              label="Action type"
              value={values.actionType ?? 'all'}
              options={ACTION_OPTIONS}
              onChange={(type) => onChange({ ...values, actionType: type === 'all' ? null : type })}
            />
            <Box gridColumn={{ md: 'span 2' }}>
              <DateRangeFields
                labels={{ from: 'From date', to: 'To date' }}
                from={values.from}
                to={values.to}
                onApply={(from, to) => onChange({ ...values, from, to })}
                idPrefix="audit"
              />
            </Box>
          </SimpleGrid>
          <form role="search" aria-label="Audit log" onSubmit={submitSearch}>
            <HStack gap="2" align="flex-end">
              <Field.Root flex="1">
                <Field.Label>Search</Field.Label>
                <Input
                  size="sm"
                  type="search"
                  maxLength={SEARCH_MAX}
                  placeholder="Club, details or administrator"
                  value={searchText}
                  onChange={(event) => setSearchText(event.target.value)}
                />
              </Field.Root>
              <Button type="submit" size="sm" variant="outline">
                <LuSearch aria-hidden /> Search
              </Button>
            </HStack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
