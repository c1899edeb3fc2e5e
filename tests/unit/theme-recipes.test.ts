// The client's Chakra theme carries only the component recipes the app renders (the full default
// set adds ~70 KB, 11 KB gzipped, to the first page's JavaScript). This walks every
// `@chakra-ui/react` import in web/src to the component code it names, collects the recipe keys
// that code asks the theme for, and checks that each one the default theme styles is in
// web/src/app/theme-recipe-keys.ts (theme.ts must then import it: its tables are typed by those keys).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECIPE_KEYS, SLOT_RECIPE_KEYS } from '../../web/src/app/theme-recipe-keys.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CHAKRA = join(ROOT, 'node_modules', '@chakra-ui', 'react', 'dist', 'esm');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => join(dir, file));
}

/** The names the client imports from '@chakra-ui/react'. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder(join(ROOT, 'web', 'src'), /\.tsx?$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** The module of Chakra's index that exports each name (namespaces such as Card included). */
function exportingModules(names: Set<string>): Set<string> {
  const index = readFileSync(join(CHAKRA, 'index.js'), 'utf8');
  const namespaces = new Map<string, string>();
  for (const match of index.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)) namespaces.set(match[1]!, match[2]!);
  const modules = new Set<string>();
  for (const match of index.matchAll(/export \{([^}]*)\}(?: from '(\.[^']+)')?/g)) {
    for (const part of match[1]!.split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/).map((s) => s.trim());
      if (!exported || !names.has(exported)) continue;
      const from = match[2] ?? namespaces.get(local!);
      if (from) modules.add(join(CHAKRA, from));
    }
  }
  return modules;
}

/** Recipe keys asked for by those modules and every Chakra module they import, transitively. */
function recipeKeysOf(entry: Set<string>): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const queue = [...entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\{\s*key: "(\w+)"/g)) keys.add(match[1]!);
    for (const match of source.matchAll(/from '(\.{1,2}\/[^']+\.js)'/g)) queue.push(resolve(dirname(file), match[1]!));
  }
  return keys;
}

/** The keys of one of the default theme's recipe tables (recipes.js or slot-recipes.js). */
function defaultKeys(file: string): Set<string> {
  const source = readFileSync(join(CHAKRA, 'theme', file), 'utf8');
  const table = source.slice(source.indexOf('= {'), source.indexOf('};'));
  return new Set([...table.matchAll(/^\s*(\w+):/gm)].map((match) => match[1]!));
}

describe('the theme', () => {
  const used = recipeKeysOf(exportingModules(importedNames()));

  it('finds the components the client renders', () => {
    for (const key of ['button', 'card', 'dialog', 'field', 'menu', 'toast']) expect(used).toContain(key);
  });

  it('has the recipe of every component the client renders', () => {
    const recipes = defaultKeys('recipes.js');
    const slotRecipes = defaultKeys('slot-recipes.js');
    expect(recipes.size).toBeGreaterThan(10);
    expect(slotRecipes.size).toBeGreaterThan(30);
    const missing = [...used].filter(
      (key) => (recipes.has(key) && !(RECIPE_KEYS as readonly string[]).includes(key)) || (slotRecipes.has(key) && !(SLOT_RECIPE_KEYS as readonly string[]).includes(key)),
    );
    expect(missing).toEqual([]);
  });
});
