// The axe checks' own runner (seriousViolations in axe.ts runs axe.run, injected once per document,
// instead of AxeBuilder.analyze): it must find what AxeBuilder finds, in the whole page and within
// `include`, and again on a second run in the same document. Two violations are planted on a page.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.js';
import { seriousViolations } from './axe.js';

test('the axe runner finds what AxeBuilder finds, in the whole page, within include, and on a second run', async ({ page }) => {
  await page.goto('/clubs');
  await expect(page.locator('h1').first()).toBeVisible();
  await page.evaluate(() => {
    const planted = document.createElement('section');
    planted.id = 'planted';
    planted.innerHTML = '<p style="color:#ddd;background:#fff">Barely readable text</p><img src="/nothing.png">';
    document.querySelector('main')!.append(planted);
  });
  const whole = await seriousViolations(page, 'whole page');
  expect(whole.map((f) => f.rule)).toEqual(expect.arrayContaining(['color-contrast', 'image-alt']));
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];
  const byBuilder = (await new AxeBuilder({ page }).withTags(tags).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]);
  expect(whole.map((f) => [f.rule, f.targets.map((t) => t.split(' (')[0])])).toEqual(byBuilder);
  expect((await seriousViolations(page, 'planted', '#planted')).map((f) => f.rule).sort()).toEqual(['color-contrast', 'image-alt']);
  expect(await seriousViolations(page, 'header', 'header')).toEqual([]);
  expect(await seriousViolations(page, 'whole page, again')).toEqual(whole.map((f) => ({ ...f, where: 'whole page, again' })));
});
