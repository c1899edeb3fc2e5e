// `npm install` on a fresh clone must leave package-lock.json as committed: the lock's root entry
// is what npm writes from package.json (issue 25, item 15).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const rootEntry = lock.packages[''];

describe('package-lock.json is what npm install writes', () => {
  it('marks the root as having an install script exactly when package.json has one', () => {
    const scripts: Record<string, string> = pkg.scripts ?? {};
    const hasInstallScript = ['preinstall', 'install', 'postinstall'].some((name) => name in scripts);
    expect(rootEntry.hasInstallScript === true).toBe(hasInstallScript);
  });

  it('lists the same dependencies, ranges and engines as package.json', () => {
    expect(lock.name).toBe(pkg.name);
    expect(rootEntry.version).toBe(pkg.version);
    expect(rootEntry.dependencies).toEqual(pkg.dependencies);
    expect(rootEntry.devDependencies).toEqual(pkg.devDependencies);
    expect(rootEntry.engines).toEqual(pkg.engines);
  });
});
