// A bar chart of a report (recharts). The chart is a picture for sighted users: its figures are
// in the table beside it, so the chart is one image with a name and not a keyboard stop.
import { Box, useBreakpointValue } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

export interface ReportBarChartProps {
  /** What the chart shows, for screen readers (role="img"). */
  label: string;
  data: Record<string, string | number>[];
  /** The key of each bar's name (the month, the reason, the town). */
  categoryKey: string;
  series: ChartSeries[];
  /** 'vertical' lays the bars across, names on the left (for long names). */
  layout?: 'horizontal' | 'vertical';
  stacked?: boolean;
  height?: number;
}

const TICK = { fill: 'var(--chakra-colors-fg-muted)', fontSize: 12 };
/** A bar's name cut to `max` characters (the table has it whole). */
const shortener = (max: number) => (value: unknown) => {
  const text = String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

export default function ReportBarChart({ label, data, categoryKey, series, layout = 'horizontal', stacked = false, height = 280 }: ReportBarChartProps) {
  const across = layout === 'vertical';
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const shorten = shortener(narrow ? 12 : 20);
  return (
    <Box role="img" aria-label={label} h={`${height}px`} w="full" minW="0">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout={layout} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--chakra-colors-border)" />
          {across ? (
            <>
              <XAxis type="number" allowDecimals={false} tick={TICK} stroke="var(--chakra-colors-border-emphasized)" />
              <YAxis type="category" dataKey={categoryKey} width={narrow ? 100 : 170} tick={TICK} tickFormatter={shorten} stroke="var(--chakra-colors-border-emphasized)" />
            </>
          ) : (
            <>
              <XAxis dataKey={categoryKey} tick={TICK} tickFormatter={shorten} stroke="var(--chakra-colors-border-emphasized)" />
              <YAxis allowDecimals={false} tick={TICK} width={40} stroke="var(--chakra-colors-border-emphasized)" />
            </>
          )}
          <Tooltip
            cursor={{ fill: 'var(--chakra-colors-bg-muted)' }}
            contentStyle={{ background: 'var(--chakra-colors-bg-panel)', borderColor: 'var(--chakra-colors-border)', color: 'var(--chakra-colors-fg)' }}
            labelStyle={{ color: 'var(--chakra-colors-fg)' }}
          />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span style={{ color: 'var(--chakra-colors-fg)' }}>{value}</span>} />}
          {series.map((item) => (
            <Bar key={item.key} dataKey={item.key} name={item.name} fill={item.color} stackId={stacked ? 'stack' : undefined} isAnimationActive={false} maxBarSize={48} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
