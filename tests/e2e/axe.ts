// axe-core checks for the end-to-end tests: a page (or part of one) may have no serious or
// critical violation of WCAG 2.x A/AA and axe's best practices.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { createRequire } from 'node:module';

export type ColorMode = 'light' | 'dark';

export interface AxeFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

// 'experimental' switches on rules axe keeps off by default, e.g. label-content-name-mismatch.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

/** axe-core's script: the copy @axe-core/playwright itself injects (the same version). */
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

/**
 * axe on the page as it is now, with the options AxeBuilder would send (`withTags(TAGS)`, and
 * `include`). AxeBuilder's analyze() injects axe-core (~0.5 MB) into the page on every call, runs
 * it in parts, then opens a blank page to merge the parts, injects axe there again and closes it:
 * 4.5–8.6 s a run on the loaded 2-core machine against 0.8–1.7 s for one axe.run in a document that
 * already has axe (same findings: violations, nodes and passes compared on /clubs). Here axe is
 * injected once per document (a view is checked in light and dark in the same document) and run
 * with axe.run. A page with frames still goes through AxeBuilder, which injects axe into each frame.
 * `resultTypes: ['violations']`: axe still runs every rule on every node, but keeps one node of each
 * passed, incomplete or inapplicable rule instead of all of them (nothing here reads them): the same
 * violations (axe-runner.spec compares them with AxeBuilder's), and the axe tests took 17 % less time
 * (a11y.spec and volunteer.spec's axe test, 256 s -> 212 s on two workers).
 */
async function runAxe(page: Page, include?: string): Promise<AxeResults> {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).withTags(TAGS);
    if (include) builder = builder.include(include);
    return builder.analyze();
  }
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) {
    await page.evaluate(AXE_SOURCE);
    await page.evaluate(() =>
      (window as unknown as { axe: { configure(spec: object): void } }).axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }),
    );
  }
  const context = { include: include ? [include] : [], exclude: [] };
  return page.evaluate(
    ({ context, tags }) =>
      (window as unknown as { axe: { run(context: object, options: object): Promise<AxeResults> } }).axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    { context, tags: TAGS },
  );
}

/** The serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page, where: string, include?: string): Promise<AxeFinding[]> {
  await finiteAnimationsDone(page);
  const results = await runAxe(page, include);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`),
    }));
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `[${f.where}] ${f.rule} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    - ${t}`).join('\n')}`)
    .join('\n');
}

/** Waits (at most 2 s) until no finite animation runs: colours read mid-fade (a toast entering)
 *  are blends that fail contrast although the settled page passes. Spinners (infinite) are ignored. */
async function finiteAnimationsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
}

/** Fails with every serious or critical violation listed. */
export async function expectAccessible(page: Page, where: string, include?: string): Promise<void> {
  const findings = await seriousViolations(page, where, include);
  expect(findings.length, `axe found serious or critical violations:\n${describeFindings(findings)}`).toBe(0);
}

/** Chooses the colour mode before the app loads (next-themes reads it from localStorage). */
export async function useColorMode(page: Page, mode: ColorMode): Promise<void> {
  await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
  await page.evaluate((m) => localStorage.setItem('clubroom.theme', m), mode);
}

/** Makes the page follow the (emulated) system colour scheme, the app's default ('system' in
 *  next-themes), starting in `mode`. From then on switchColorMode repaints the page in place, so a
 *  view reached once (a tab, an open dialog or menu) is checked in both modes without a reload. */
export async function followSystemColorMode(page: Page, mode: ColorMode): Promise<void> {
  await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
  await page.evaluate(() => localStorage.setItem('clubroom.theme', 'system'));
}

/** Switches the emulated system colour scheme and waits for the page to follow it (the app turns
 *  transitions off while the theme changes, so the new colours apply at once). */
export async function switchColorMode(page: Page, mode: ColorMode): Promise<void> {
  await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /\bdark\b/ : /\blight\b/);
}

/** axe on the page as it is, in light and then in dark mode (switched in place: see followSystemColorMode). */
export async function violationsInBothModes(page: Page, where: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await switchColorMode(page, mode);
    findings.push(...(await seriousViolations(page, `${where} (${mode})`)));
  }
  return findings;
}

/** The page has settled: its main heading is shown and nothing is loading any more. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // Chakra's enter animations are waited for by seriousViolations (finiteAnimationsDone), not slept on.
}

/** A view for checkViews: where it is, its main heading once ready (none where a dialog covers the
 *  page), and how to bring it into the state to check (a tab, a dialog) once it has settled. */
export interface AxeView {
  /** What the failure message calls this view. */
  name: string;
  path: string;
  heading?: string | RegExp;
  open?: (page: Page) => Promise<void>;
}

/** Visits every view once, checks it in light and dark mode (switched in place: see
 *  followSystemColorMode) and fails once, listing every finding. */
export async function checkViews(page: Page, views: AxeView[]): Promise<void> {
  const findings: AxeFinding[] = [];
  await followSystemColorMode(page, 'light');
  for (const view of views) {
    // Light for the next page (checked once it is there): the page before may be dark, or not the
    // app at all (/health, where signInByApi leaves a page).
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.goto(view.path);
    await settled(page);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    if (view.heading) await expect(page.getByRole('heading', { name: view.heading, level: 1 })).toBeVisible();
    if (view.open) await view.open(page);
    findings.push(...(await violationsInBothModes(page, view.name)));
  }
  expect(findings.length, `axe found serious or critical violations:\n${describeFindings(findings)}`).toBe(0);
}
