// The report charts' colours (issue 25, item 18): the Okabe–Ito palette, which readers with any of
// the common colour-vision deficiencies tell apart, in the shade of each colour that stands out
// from the chart's background in each colour mode (WCAG 1.4.11, 3:1: Okabe–Ito's sky blue and
// orange are too light on white, its blue too dark on near-black). A colour keeps its role in
// both modes. tests/unit/chart-palette.test.ts measures both claims; theme.ts makes each a
// semantic token (`chart.blue`, …), so a chart names the role and the mode picks the shade.
// Pure (no imports): the unit tests load it under Node.

export const CHART_PALETTE = {
  blue: { light: '#0072B2', dark: '#56B4E9' },
  orange: { light: '#D55E00', dark: '#E69F00' },
  green: { light: '#009E73', dark: '#009E73' },
  purple: { light: '#CC79A7', dark: '#CC79A7' },
} as const;

export type ChartColorName = keyof typeof CHART_PALETTE;

/** The CSS value of a chart colour: the theme's token, so the colour mode applies. */
export function chartColor(name: ChartColorName): string {
  return `var(--chakra-colors-chart-${name})`;
}
