// The report charts (issue 25, item 18): every bar carries its whole name (wrapped, never cut to
// look like another), and the series colours of one chart differ for every reader, including
// readers with protanopia, deuteranopia or tritanopia, and stand out from the chart's background
// in both colour modes. (Playwright checks the drawn charts: tests/e2e/admin-reports.spec.ts and
// analytics-report.spec.ts.)
import { describe, expect, it } from 'vitest';
import { semanticTokens, tokens } from '@chakra-ui/react/theme';
import { ANALYTICS_COLORS } from '../../web/src/features/admin/analytics/analytics-texts.js';
import { chartLayout, estimateWidth, nameColumnWidth, wrapLabel } from '../../web/src/features/admin/reports/chart-layout.js';
import { CHART_COLORS } from '../../web/src/features/admin/reports/report-texts.js';
import { CHART_PALETTE, type ChartColorName } from '../../web/src/lib/chart-palette.js';
import { contrastRatio, parseColor, worstCaseDistance } from '../helpers/color-distance.js';

/** The palette name behind a chart colour, or the colour itself when it is not the palette's. */
function paletteName(color: string): ChartColorName {
  const match = /^var\(--chakra-colors-chart-(\w+)\)$/.exec(color);
  if (!match || !(match[1]! in CHART_PALETTE)) throw new Error(`${color} is not a chart palette colour`);
  return match[1] as ChartColorName;
}

/** Chakra's colour token `{colors.gray.950}` as hex. */
function tokenHex(ref: string): string {
  const [family, shade] = /^\{colors\.(\w+)(?:\.(\w+))?\}$/.exec(ref)!.slice(1) as [string, string | undefined];
  const entry = (tokens.colors as Record<string, unknown>)[family] as Record<string, { value: string }> | { value: string };
  return shade ? (entry as Record<string, { value: string }>)[shade]!.value : (entry as { value: string }).value;
}
const background = (name: 'DEFAULT' | 'panel', mode: '_light' | '_dark') =>
  parseColor(tokenHex(((semanticTokens.colors!.bg as Record<string, { value: Record<string, string> }>)[name]!.value)[mode]!));

/** The series of each chart, as the screens give them. */
const CHARTS: Record<string, string[]> = {
  'Engagement': [ANALYTICS_COLORS.messages, ANALYTICS_COLORS.applications, ANALYTICS_COLORS.signUps],
  'Popular Sports': [ANALYTICS_COLORS.clubs, ANALYTICS_COLORS.opportunities],
  'Applications by Month': [CHART_COLORS.approved, CHART_COLORS.pending, CHART_COLORS.rejected],
  'Admin Performance': [CHART_COLORS.total, CHART_COLORS.approved, CHART_COLORS.rejected, CHART_COLORS.bulk],
};

describe('chart colours', () => {
  it('give every series of a chart its own palette colour', () => {
    for (const [chart, colors] of Object.entries(CHARTS)) {
      const names = colors.map(paletteName);
      expect(new Set(names).size, chart).toBe(names.length);
    }
  });

  it('stay at least 10 ΔE00 apart within a chart, for normal vision and each dichromacy, in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      for (const [chart, colors] of Object.entries(CHARTS)) {
        const shades = colors.map((c) => parseColor(CHART_PALETTE[paletteName(c)][mode]));
        for (let i = 0; i < shades.length; i += 1) {
          for (let j = i + 1; j < shades.length; j += 1) {
            const worst = worstCaseDistance(shades[i]!, shades[j]!);
            expect(worst.distance, `${chart} (${mode}): series ${i + 1} and ${j + 1} under ${worst.vision}`).toBeGreaterThanOrEqual(10);
          }
        }
      }
    }
  });

  it('measures the old Engagement pair (teal.solid against green.solid) as nearly one colour', () => {
    // What the issue saw: Messages #0d6d66 and Applications green.700, 4 ΔE00 apart under tritanopia.
    expect(worstCaseDistance(parseColor('#0d6d66'), parseColor(tokenHex('{colors.green.700}'))).distance).toBeLessThan(10);
  });

  it('stand out 3:1 from the page and the card in both modes (WCAG 1.4.11)', () => {
    for (const [name, shade] of Object.entries(CHART_PALETTE)) {
      for (const [mode, key] of [['light', '_light'], ['dark', '_dark']] as const) {
        for (const bg of ['DEFAULT', 'panel'] as const) {
          expect(contrastRatio(parseColor(shade[mode]), background(bg, key)), `${name} on bg.${bg} (${mode})`).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });
});

describe('chart names', () => {
  const reasons = [
    'Incomplete contact details: the phone number is missing',
    'Incomplete contact details: the email address bounces',
  ];

  it('wraps a long name onto lines without losing a word', () => {
    const lines = wrapLabel(reasons[0]!, 140);
    expect(lines.join(' ')).toBe(reasons[0]);
    for (const line of lines) expect(estimateWidth(line)).toBeLessThanOrEqual(140);
  });

  it('keeps two names that share a long beginning apart', () => {
    const [a, b] = reasons.map((r) => wrapLabel(r, nameColumnWidth(true)).join(' '));
    expect(a).toBe(reasons[0]);
    expect(b).toBe(reasons[1]);
    expect(a).not.toBe(b);
  });

  it('splits a word longer than a line, and cuts only past the line limit with an ellipsis', () => {
    expect(wrapLabel('Weston-super-Mare-by-the-Sea', 70)).toEqual(['Weston-sup', 'er-Mare-by', '-the-Sea']);
    // Measured with the page's font: a narrow 'i' takes less room than a wide 'W'.
    const glyphs: Record<string, number> = { i: 3, W: 11 };
    const measure = (t: string) => [...t].reduce((sum, c) => sum + (glyphs[c] ?? 7), 0);
    expect(wrapLabel('iiii WWWW', 45, measure)).toEqual(['iiii', 'WWWW']);
    const long = wrapLabel('word '.repeat(100), 70, estimateWidth, 3);
    expect(long).toHaveLength(3);
    expect(long[2]!.endsWith('…')).toBe(true);
    expect(estimateWidth(long[2]!)).toBeLessThanOrEqual(70);
  });

  it('names every bar: rows as tall as the longest name, and upright names slant or go across when many', () => {
    const towns = ['Bristol', 'Bath', 'Weston-super-Mare', 'Bradford-on-Avon', 'Chipping Sodbury', 'Keynsham', 'Clevedon', 'Portishead', 'Nailsea', 'Thornbury'];
    const across = chartLayout({ layout: 'vertical', names: towns, seriesCount: 1, stacked: false, narrow: false });
    expect(across.across).toBe(true);
    expect(across.lines.map((l) => l.join(' '))).toEqual(towns);
    const tall = chartLayout({ layout: 'vertical', names: reasons, seriesCount: 1, stacked: false, narrow: true });
    const short = chartLayout({ layout: 'vertical', names: ['A', 'B'], seriesCount: 1, stacked: false, narrow: true });
    expect(tall.height).toBeGreaterThan(short.height);
    // recharts bands are equal: one long name makes every row tall enough for it, so it cannot
    // spill onto its neighbours.
    const oneLong = chartLayout({ layout: 'vertical', names: ['A', 'word '.repeat(40), 'B'], seriesCount: 1, stacked: false, narrow: false });
    const lines = Math.max(...oneLong.lines.map((l) => l.length));
    expect(lines).toBeGreaterThan(3);
    expect(oneLong.height - 96).toBeGreaterThanOrEqual(3 * lines * 15);

    const weeks = Array.from({ length: 12 }, (_, i) => `Nov ${i + 1}`);
    expect(chartLayout({ layout: 'horizontal', names: weeks.slice(0, 4), seriesCount: 3, stacked: false, narrow: false }).angle).toBe(0);
    expect(chartLayout({ layout: 'horizontal', names: weeks, seriesCount: 3, stacked: false, narrow: false }).angle).toBe(-45);
    const year = Array.from({ length: 52 }, (_, i) => `W${i}`);
    expect(chartLayout({ layout: 'horizontal', names: year, seriesCount: 3, stacked: false, narrow: true }).across).toBe(true);
  });
});
