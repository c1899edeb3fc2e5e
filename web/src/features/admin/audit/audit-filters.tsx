import { Button, Card, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuSearch } from 'react-icons/lu';
import { dateRangeError, SEARCH_MAX } from '../../../../../server/src/modules/admin/admin.rules';
import type { AdminActionType } from '../../../gql/graphql';
import { ACTION_LABELS, ACTION_TYPES, isActionType } from './action-types';

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

/** Today in the browser's calendar, 'YYYY-MM-DD' (the date inputs' format). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The Audit tab's filters (administration spec, sections 2 and 5): action type and dates apply
 *  at once (with the date picker's rules); the search text only on Enter or 'Search'. */
export function AuditFilters({ values, onChange }: AuditFiltersProps) {
  const [dates, setDates] = useState({ from: values.from, to: values.to });
  const [searchText, setSearchText] = useState(values.search);
  const max = today();
  const dateError = dateRangeError(dates.from || null, dates.to || null, max);

  const changeDates = (next: { from: string; to: string }) => {
    setDates(next);
    // A range the picker's rules refuse is shown with its message and not applied.
    if (!dateRangeError(next.from || null, next.to || null, max)) onChange({ ...values, ...next });
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...values, search: searchText.trim() });
  };

  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <Field.Root>
              <Field.Label>Action type</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={values.actionType ?? 'all'}
                  onChange={(event) => onChange({ ...values, actionType: isActionType(event.target.value) ? event.target.value : null })}
                >
                  <option value="all">All actions</option>
                  {ACTION_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {ACTION_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root invalid={!!dateError}>
              <Field.Label>From date</Field.Label>
              <Input size="sm" type="date" max={dates.to && dates.to < max ? dates.to : max} value={dates.from} onChange={(event) => changeDates({ ...dates, from: event.target.value })} />
            </Field.Root>
            <Field.Root invalid={!!dateError}>
              <Field.Label>To date</Field.Label>
              <Input size="sm" type="date" min={dates.from || undefined} max={max} value={dates.to} onChange={(event) => changeDates({ ...dates, to: event.target.value })} />
            </Field.Root>
          </SimpleGrid>
          {dateError && (
            <Text role="alert" fontSize="sm" color="fg.error">
              {dateError}
            </Text>
          )}
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
