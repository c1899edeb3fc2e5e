import { SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { SectionCard } from '../../../components/section-card';
import { estimatedChartHeight } from './chart-layout';
import type { ReportBarChartProps } from './report-bar-chart';
import { ReportTable, type ReportColumn } from './report-table';

// recharts is loaded with the first chart, not with the admin panel.
const ReportBarChart = lazy(() => import('./report-bar-chart'));

interface ReportSectionProps<Row> {
  title: string;
  /** Shown instead of the chart and the table when there are no rows. */
  empty: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: ReportColumn<Row>[];
  chart: ReportBarChartProps;
  /** Chart and table side by side on wide screens (default), or the table under the chart. */
  stackTable?: boolean;
}

/** One part of a report: its chart with its table. */
export function ReportSection<Row>({ title, empty, rows, rowKey, columns, chart, stackTable = false }: ReportSectionProps<Row>) {
  return (
    <SectionCard title={title}>
      {rows.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: stackTable ? 1 : 2 }} gap="6" alignItems="start">
          <Suspense fallback={<Skeleton h={`${estimatedChartHeight(chart)}px`} />}>
            <ReportBarChart {...chart} />
          </Suspense>
          <ReportTable label={`${title} table`} columns={columns} rows={rows} rowKey={rowKey} />
        </SimpleGrid>
      )}
    </SectionCard>
  );
}
