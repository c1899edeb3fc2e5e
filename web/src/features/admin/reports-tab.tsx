import { Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { AdminActivityReport } from './reports/admin-activity-report';
import { StatisticsReport } from './reports/statistics-report';

type ReportsView = 'statistics' | 'activity';

/** The admin panel's Reports tab (administration spec, section 2): 'Statistics & Reports' and
 *  'Admin Activity'. */
export function ReportsTab() {
  const [view, setView] = useState<ReportsView>('statistics');
  return (
    <Tabs.Root
      value={view}
      onValueChange={(details) => setView(details.value === 'activity' ? 'activity' : 'statistics')}
      variant="enclosed"
      colorPalette="teal"
      lazyMount
    >
      <Tabs.List>
        <Tabs.Trigger value="statistics">Statistics & Reports</Tabs.Trigger>
        <Tabs.Trigger value="activity">Admin Activity</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="statistics">
        <StatisticsReport />
      </Tabs.Content>
      <Tabs.Content value="activity">
        <AdminActivityReport />
      </Tabs.Content>
    </Tabs.Root>
  );
}
