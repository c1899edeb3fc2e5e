import { Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { ApplicationsList } from './applications-list';
import { APPLICATION_FILTERS, APPLICATION_SORTS, applicationFilterOf, applicationSortOf, DEFAULT_APPLICATION_FILTER, DEFAULT_APPLICATION_SORT } from './volunteer-format';
import { APPLICATIONS_PAGE_SIZE } from './volunteer-limits';

/** Every application, sorted ('Newest First', 'Oldest First', 'Status', 'Title') and filtered
 *  (all, pending, accepted, rejected, withdrawn); both kept in the address. */
export function ApplicationsTab() {
  const [params, setParams] = useSearchParams();
  const sort = applicationSortOf(params.get('sort'));
  const filter = applicationFilterOf(params.get('status'));

  const setParam = (name: string, value: string, fallback: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="5">
      <HStack gap="4" flexWrap="wrap" alignItems="flex-end">
        <Field.Root w={{ base: 'full', sm: '14rem' }}>
          <Field.Label>Sort by</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={sort.value} onChange={(event) => setParam('sort', event.target.value, DEFAULT_APPLICATION_SORT)}>
              {APPLICATION_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '14rem' }}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={filter.value} onChange={(event) => setParam('status', event.target.value, DEFAULT_APPLICATION_FILTER)}>
              {APPLICATION_FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {/* One instance per listing (see OpportunitiesPage). */}
      <ApplicationsList key={`${filter.value}:${sort.value}`} status={filter.status} sort={sort.sort} first={APPLICATIONS_PAGE_SIZE} />
    </Stack>
  );
}
