import { HStack, Stack } from '@chakra-ui/react';
import { useSearchParams } from '../../lib/navigation';
import { SelectField } from '../../components/select-field';
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
        <SelectField
          w={{ base: 'full', sm: '14rem' }}
          size="md"
          label="Sort by"
          value={sort.value}
          options={APPLICATION_SORTS}
          onChange={(value) => setParam('sort', value, DEFAULT_APPLICATION_SORT)}
        />
        <SelectField
          w={{ base: 'full', sm: '14rem' }}
          size="md"
          label="Status"
          value={filter.value}
          options={APPLICATION_FILTERS}
          onChange={(value) => setParam('status', value, DEFAULT_APPLICATION_FILTER)}
        />
      </HStack>
      {/* One instance per listing (see OpportunitiesPage). */}
      <ApplicationsList key={`${filter.value}:${sort.value}`} status={filter.status} sort={sort.sort} first={APPLICATIONS_PAGE_SIZE} />
    </Stack>
  );
}
