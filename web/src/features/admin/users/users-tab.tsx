import { Field, Input, InputGroup, SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan, LuBuilding2, LuSearch, LuUserCheck, LuUsers } from 'react-icons/lu';
import { USER_SEARCH_MAX } from '@clubroom/rules/admin-users';
import { VOLUNTEERS_CAPTION } from '@clubroom/rules/volunteer-count';
import type { AdminUserFilter } from '../../../gql/graphql';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FILTER_DEBOUNCE_MS } from '../admin-texts';
import { StatCard } from '../stat-card';
import { useAdminUserStats } from './use-admin-users';
import { UserActionDialog, type UserAction } from './user-action-dialogs';
import { UserDetailDialog } from './user-detail-dialog';
import { UsersList } from './users-list';
import { USER_FILTERS } from './users-texts';

/** The admin panel's Users tab (administration spec, section 2; issue 13): search, counters,
 *  All / Volunteers / Clubs / Suspended, a detail dialog and the status and role actions. Its
 *  'Volunteers' card and tab are the panel's one count of volunteers (issue 25, item 19). */
export function UsersTab() {
  const [filter, setFilter] = useState<AdminUserFilter>('ALL');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), FILTER_DEBOUNCE_MS);
  const stats = useAdminUserStats();
  const [detailId, setDetailId] = useState<string>();
  const [action, setAction] = useState<{ user: { id: string; name: string }; action: UserAction }>();

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} as="section" aria-label="User statistics">
        <StatCard label="Total Users" value={stats?.total} help={stats ? `${stats.newThisWeek} new this week` : undefined} icon={<LuUsers />} />
        <StatCard label="Volunteers" value={stats?.volunteers} help={VOLUNTEERS_CAPTION} icon={<LuUserCheck />} />
        <StatCard label="Clubs" value={stats?.clubs} help="Club accounts" icon={<LuBuilding2 />} />
        <StatCard
          label="Suspended"
          value={stats ? stats.suspended + stats.banned : undefined}
          help={stats ? `${stats.banned} banned` : undefined}
          icon={<LuBan />}
        />
      </SimpleGrid>
      <form role="search" aria-label="Users" onSubmit={(event) => event.preventDefault()}>
        <Field.Root maxW={{ md: 'md' }}>
          <Field.Label>Search users</Field.Label>
          <InputGroup startElement={<LuSearch aria-hidden />}>
            <Input
              type="search"
              maxLength={USER_SEARCH_MAX}
              placeholder="Name or email"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </InputGroup>
        </Field.Root>
      </form>
      <Tabs.Root value={filter} onValueChange={(details) => setFilter(details.value as AdminUserFilter)} variant="enclosed" colorPalette="teal" lazyMount unmountOnExit>
        <Tabs.List flexWrap="wrap">
          {USER_FILTERS.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {USER_FILTERS.map(({ value }) => (
          <Tabs.Content key={value} value={value}>
            <UsersList filter={value} search={search} onView={(user) => setDetailId(user.id)} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <UserDetailDialog userId={detailId} onClose={() => setDetailId(undefined)} onAction={(user, next) => setAction({ user, action: next })} />
      <UserActionDialog target={action} onClose={() => setAction(undefined)} />
    </Stack>
  );
}
