// A bar chart of a report (recharts). The chart is a picture for sighted users: its figures are
// in the table beside it, so the chart is one image with a name and not a keyboard stop. Every
// bar carries its whole name and both axes their titles (issue 25, item 18; chart-layout.ts).
import { Box, useBreakpointValue } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis, type XAxisTickContentProps, type YAxisTickContentProps } from 'recharts';
import { useMemo } from 'react';
import { chartLayout, estimateWidth, TICK_FONT_SIZE, TICK_LINE_HEIGHT, type Measure } from './chart-layout';

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
  /** The titles of the axes: what the bars are (e.g. 'Location') and what they count. */
  categoryTitle: string;
  valueTitle: string;
  series: ChartSeries[];
  /** 'vertical' lays the bars across, names on the left (for long names). */
  layout?: 'horizontal' | 'vertical';
  stacked?: boolean;
}

const TICK_FILL = 'var(--chakra-colors-fg-muted)';
const TITLE_STYLE = { fill: 'var(--chakra-colors-fg)', fontSize: 12, fontWeight: 600 };
const AXIS_STROKE = 'var(--chakra-colors-border-emphasized)';

/** Measures text as the chart draws it: the page's font at the names' size (a canvas, no layout). */
function useTextMeasure(): Measure {
  return useMemo(() => {
    const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (!context) return estimateWidth;
    context.font = `${TICK_FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
    // A pixel to spare: canvas and SVG round glyph advances differently.
    return (text: string) => context.measureText(text).width + 1;
  }, []);
}

/** A name on the left of bars across: its wrapped lines, centred on the bar, ending at the axis. */
function NameTick({ x, y, payload, lines }: YAxisTickContentProps & { lines: Map<string, string[]> }) {
  const text = String(payload.value);
  const wrapped = lines.get(text) ?? [text];
  const first = -((wrapped.length - 1) * TICK_LINE_HEIGHT) / 2 + TICK_FONT_SIZE / 3;
  return (
    <text x={Number(x)} y={Number(y)} textAnchor="end" fill={TICK_FILL} fontSize={TICK_FONT_SIZE} className="report-chart-name">
      {wrapped.map((line, index) => (
        <tspan key={index} x={Number(x)} dy={index === 0 ? first : TICK_LINE_HEIGHT}>
          {/* The space keeps the words apart in the element's text (SVG does not draw it). */}
          {index < wrapped.length - 1 ? `${line} ` : line}
        </tspan>
      ))}
    </text>
  );
}

/** A name under upright bars, flat or slanted. */
function UprightTick({ x, y, payload, angle }: XAxisTickContentProps) {
  const slanted = angle !== 0;
  return (
    <text
      x={Number(x)}
      y={Number(y)}
      dy={slanted ? 4 : 12}
      textAnchor={slanted ? 'end' : 'middle'}
      transform={slanted ? `rotate(${angle}, ${Number(x)}, ${Number(y)})` : undefined}
      fill={TICK_FILL}
      fontSize={TICK_FONT_SIZE}
      className="report-chart-name"
    >
      {String(payload.value)}
    </text>
  );
}

export default function ReportBarChart({ label, data, categoryKey, categoryTitle, valueTitle, series, layout = 'horizontal', stacked = false }: ReportBarChartProps) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const names = data.map((row) => String(row[categoryKey]));
  const measure = useTextMeasure();
  const plan = chartLayout({ layout, names, seriesCount: series.length, stacked, narrow, measure });
  const lines = new Map(names.map((name, index) => [name, plan.lines[index]!]));
  return (
    // The page's CSS gives SVG text the inherited size, not its font-size attribute: set it here.
    <Box role="img" aria-label={label} h={`${plan.height}px`} w="full" minW="0" fontSize={`${TICK_FONT_SIZE}px`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout={plan.across ? 'vertical' : 'horizontal'} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--chakra-colors-border)" />
          {plan.across ? (
            <>
              <XAxis
                type="number"
                allowDecimals={false}
                tick={{ fill: TICK_FILL, fontSize: TICK_FONT_SIZE }}
                stroke={AXIS_STROKE}
                height={44}
                label={{ value: valueTitle, position: 'insideBottom', offset: 0, style: TITLE_STYLE }}
              />
              <YAxis
                type="category"
                dataKey={categoryKey}
                interval={0}
                width={plan.nameWidth + 28}
                tick={(props: YAxisTickContentProps) => <NameTick {...props} lines={lines} />}
                stroke={AXIS_STROKE}
                label={{ value: categoryTitle, angle: -90, position: 'insideLeft', offset: 0, style: { ...TITLE_STYLE, textAnchor: 'middle' } }}
              />
            </>
          ) : (
            <>
              <XAxis
                dataKey={categoryKey}
                interval={0}
                angle={plan.angle}
                height={plan.nameBand + 24}
                tick={(props: XAxisTickContentProps) => <UprightTick {...props} />}
                stroke={AXIS_STROKE}
                label={{ value: categoryTitle, position: 'insideBottom', offset: 0, style: TITLE_STYLE }}
              />
              <YAxis
                allowDecimals={false}
                tick={{ fill: TICK_FILL, fontSize: TICK_FONT_SIZE }}
                width={56}
                stroke={AXIS_STROKE}
                label={{ value: valueTitle, angle: -90, position: 'insideLeft', offset: 4, style: { ...TITLE_STYLE, textAnchor: 'middle' } }}
              />
            </>
          )}
          <Tooltip
            cursor={{ fill: 'var(--chakra-colors-bg-muted)' }}
            contentStyle={{ background: 'var(--chakra-colors-bg-panel)', borderColor: 'var(--chakra-colors-border)', color: 'var(--chakra-colors-fg)' }}
            labelStyle={{ color: 'var(--chakra-colors-fg)' }}
          />
          {series.length > 1 && <Legend verticalAlign="top" wrapperStyle={{ fontSize: 12, paddingBottom: 8 }} formatter={(value) => <span style={{ color: 'var(--chakra-colors-fg)' }}>{value}</span>} />}
          {series.map((item) => (
            // The panel's colour between stacked parts, so neighbours never touch.
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.name}
              fill={item.color}
              stroke={stacked ? 'var(--chakra-colors-bg-panel)' : undefined}
              strokeWidth={stacked ? 1 : 0}
              stackId={stacked ? 'stack' : undefined}
              isAnimationActive={false}
              maxBarSize={48}
              className={`report-chart-series-${item.key}`}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
