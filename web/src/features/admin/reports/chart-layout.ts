// How a report chart lays out its bars and names (issue 25, item 18): every bar carries its name,
// whole. Names across (bars laid across, names on the left) wrap onto as many lines as they need
// within the name column, and the rows are as tall as the longest name; upright bars name every category,
// slanted when there are many, and become bars across when a narrow screen cannot hold the names.
// Pure (unit-tested in tests/unit/analytics-screens.test.ts).

/** Font size of the axis names, px. */
export const TICK_FONT_SIZE = 12;
/** Line height of a wrapped name, px. */
export const TICK_LINE_HEIGHT = 15;
/** A generous average glyph width at 12 px (Inter), so an estimate never overflows its column. */
const CHAR_WIDTH = 7;
/** Lines a name may take before it is cut (a rejection reason may be 1,000 characters; the
 *  table beside the chart has it whole). */
export const MAX_NAME_LINES = 6;

/** Width of the name column of bars across, px. */
export function nameColumnWidth(narrow: boolean): number {
  return narrow ? 120 : 220;
}

/** How wide a line of names is drawn, px. The chart measures with the page's font; without one,
 *  a generous average glyph width, so an estimate never overflows its column. */
export type Measure = (text: string) => number;
export const estimateWidth: Measure = (text) => text.length * CHAR_WIDTH;

/** `text` broken at spaces into lines no wider than `maxWidth` (a longer word is split), at most
 *  `maxLines` of them, the last ending in '…' when something was left out. */
export function wrapLabel(text: string, maxWidth: number, measure: Measure = estimateWidth, maxLines = MAX_NAME_LINES): string[] {
  const fits = (line: string) => measure(line) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    // A word wider than the column is split where it stops fitting.
    let rest = word;
    while (!fits(rest)) {
      let cut = 1;
      while (cut < rest.length && fits(rest.slice(0, cut + 1))) cut += 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]!}…`;
  while (last.length > 1 && !fits(last)) last = `${last.slice(0, -2)}…`;
  kept[maxLines - 1] = last;
  return kept;
}

export interface ChartLayoutInput {
  /** Bars across (names on the left) or upright (names under). */
  layout: 'horizontal' | 'vertical';
  names: string[];
  seriesCount: number;
  stacked: boolean;
  narrow: boolean;
  measure?: Measure;
}

export interface ChartLayout {
  across: boolean;
  /** Total height of the chart, px. */
  height: number;
  /** Bars across: the name column's width, px, and each name's lines. */
  nameWidth: number;
  lines: string[][];
  /** Upright bars: the slant of the names (0 or -45 degrees) and the height of the name band. */
  angle: number;
  nameBand: number;
}

/** Room for the value axis, its title, the legend and the margins, px. */
const FRAME = 96;
/** Upright names fit flat up to this many categories; beyond it they slant; on a narrow screen
 *  beyond `NARROW_UPRIGHT_MAX` they cannot be read at all, so the bars go across. */
const FLAT_MAX = 8;
const NARROW_UPRIGHT_MAX = 12;

export function chartLayout({ layout, names, seriesCount, stacked, narrow, measure = estimateWidth }: ChartLayoutInput): ChartLayout {
  const across = layout === 'vertical' || (narrow && names.length > NARROW_UPRIGHT_MAX);
  if (across) {
    const nameWidth = nameColumnWidth(narrow);
    const lines = names.map((name) => wrapLabel(name, nameWidth, measure));
    const barsPerRow = stacked ? 1 : seriesCount;
    // recharts gives every category the same band, so every row is as tall as the tallest name.
    const row = Math.max(36, barsPerRow * 12 + 16, ...lines.map((l) => l.length * TICK_LINE_HEIGHT + 12));
    return { across, height: row * names.length + FRAME, nameWidth, lines, angle: 0, nameBand: 0 };
  }
  const slanted = names.length > FLAT_MAX;
  const longest = Math.max(0, ...names.map((n) => measure(n)));
  const nameBand = slanted ? Math.min(140, Math.ceil(longest * Math.SQRT1_2) + 16) : 24;
  return { across, height: 240 + nameBand + FRAME - 24, nameWidth: 0, lines: names.map((n) => [n]), angle: slanted ? -45 : 0, nameBand };
}

/** The height a chart will take on a wide screen (its loading placeholder's). */
export function estimatedChartHeight(chart: { data: Record<string, string | number>[]; categoryKey: string; series: unknown[]; layout?: 'horizontal' | 'vertical'; stacked?: boolean }): number {
  const names = chart.data.map((row) => String(row[chart.categoryKey]));
  return chartLayout({ layout: chart.layout ?? 'horizontal', names, seriesCount: chart.series.length, stacked: chart.stacked ?? false, narrow: false }).height;
}
