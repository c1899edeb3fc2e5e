// The web client's useNavigate and useSearchParams come from web/src/lib/navigation.tsx, whose
// functions keep their identity across navigations (React Router's declarative mode gives new ones
// after each, and an effect listing them would run again and write the URL again).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..', '..', 'web', 'src');
const ROUTER_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'react-router(?:-dom)?'/g;

function sources(): string[] {
  return readdirSync(WEB, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(WEB, file));
}

/** The names each file imports from React Router that it must take from lib/navigation.ts. */
export function unstableImports(code: string): string[] {
  return [...code.matchAll(ROUTER_IMPORT)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, ''))
      .filter((name) => name === 'useNavigate' || name === 'useSearchParams'),
  );
}

describe('navigation hooks', () => {
  it('finds the hooks in an import from react-router-dom, renamed or not', () => {
    expect(unstableImports("import { Link, useNavigate as go } from 'react-router-dom';\nimport { useSearchParams } from 'react-router';")).toEqual(['useNavigate', 'useSearchParams']);
    expect(unstableImports("import { useNavigate } from '../lib/navigation';")).toEqual([]);
  });

  it('no web module but lib/navigation.tsx imports useNavigate or useSearchParams from React Router', () => {
    const offenders = sources()
      .filter((file) => !file.endsWith(join('lib', 'navigation.tsx')))
      .flatMap((file) => unstableImports(readFileSync(file, 'utf8')).map((name) => `${relative(WEB, file)}: ${name}`));
    expect(offenders).toEqual([]);
    // And the app does use the hooks (through lib/navigation.tsx): the scan reads real files.
    expect(sources().filter((file) => readFileSync(file, 'utf8').includes("lib/navigation'")).length).toBeGreaterThan(20);
  });
});
