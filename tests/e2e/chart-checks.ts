// What the report charts must show (issue 25, item 18), read from the drawn SVG: every bar's name
// whole, visible and clear of the others; a title on each axis; the colours of the series.
import { expect, type Locator } from '@playwright/test';
import { parseColor, worstCaseDistance, type Rgb } from '../helpers/color-distance.js';

/** The axes' tick texts that are names, not figures (each a <text> of one or more lines). */
const TICKS = '.recharts-cartesian-axis-tick-label text';
const isName = (text: string) => text !== '' && !/^-?[\d.,]+$/.test(text);

/** The bars' names as drawn, whitespace-normalised. */
export async function drawnNames(chart: Locator): Promise<string[]> {
  const texts = await chart.locator(TICKS).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim()));
  return texts.filter(isName);
}

/** Every name is drawn whole, inside the chart, and no two names overlap. */
export async function expectEveryBarNamed(chart: Locator, names: string[]): Promise<void> {
  await expect(chart).toBeVisible();
  // Soft, so that a run without the fix lists every chart that fails, not only the first.
  // A name of one long word may wrap inside the word: its lines are compared without the breaks.
  const squash = (text: string) => text.replace(/\s+/g, '');
  const drawn = (await drawnNames(chart)).map(squash);
  expect.soft([...drawn].sort(), 'every bar named, whole').toEqual(names.map(squash).sort());
  const all = await chart.locator(TICKS).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').replace(/\s+/g, '')));
  for (const name of names) {
    const index = all.indexOf(squash(name));
    if (index < 0) continue;
    await expect(chart.locator(TICKS).nth(index)).toBeVisible();
  }
  const frame = (await chart.boundingBox())!;
  const boxes = (
    await chart.locator(TICKS).evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return { name: (n.textContent ?? '').replace(/\s+/g, ' ').trim(), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    )
  ).filter((box) => isName(box.name));
  for (const box of boxes) {
    expect(box.left, `'${box.name}' starts inside the chart`).toBeGreaterThanOrEqual(frame.x - 1);
    expect(box.right, `'${box.name}' ends inside the chart`).toBeLessThanOrEqual(frame.x + frame.width + 1);
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      expect(overlap, `'${a.name}' and '${b.name}' overlap`).toBe(false);
    }
  }
}

/** The axis titles drawn in the chart. */
export async function axisTitles(chart: Locator): Promise<string[]> {
  return chart.locator('.recharts-label').evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()));
}

/** The colour a series is drawn in: its legend's swatch, which is its bars' fill (a series may
 *  have no bar this period), as computed, so the colour mode applies. */
export async function seriesColor(chart: Locator, name: string): Promise<Rgb> {
  const swatch = chart.locator('.recharts-legend-item', { hasText: name }).locator('.recharts-legend-icon');
  return parseColor(await swatch.evaluate((n) => getComputedStyle(n).fill));
}

/** The smallest CIEDE2000 distance between two series' colours, over normal vision and the three
 *  dichromacies. */
export async function seriesDistance(chart: Locator, a: string, b: string) {
  return worstCaseDistance(await seriesColor(chart, a), await seriesColor(chart, b));
}
