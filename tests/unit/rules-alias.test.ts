// The shared zod rules have one public name, `@clubroom/rules/<domain>` (tsconfig.rules.json; issue
// 26, part 2). These checks keep that table whole: every *.rules.ts file has exactly one name, the
// name is the file's own (`volunteer-count.rules.ts` is `@clubroom/rules/volunteer-count`), every
// name leads to a rules file, and the configurations that compile web code see the table while the
// server's does not (tsc leaves aliases in the JavaScript it emits, which Node could not load).
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PREFIX = '@clubroom/rules/';

/** compilerOptions.paths of a tsconfig file after its `extends`, with targets relative to ROOT. */
function pathsOf(configFile: string): Record<string, string[]> {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, configFile), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  const paths = parsed?.options.paths ?? {};
  const base = parsed?.options.pathsBasePath as string | undefined;
  return Object.fromEntries(
    Object.entries(paths).map(([name, targets]) => [name, targets.map((target) => relative(ROOT, resolve(base ?? ROOT, target)))]),
  );
}

function rulesFiles(): string[] {
  return readdirSync(join(ROOT, 'server', 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.rules.ts'))
    .map((file) => join('server', 'src', file))
    .sort();
}

describe('@clubroom/rules/<domain>', () => {
  const table = pathsOf('tsconfig.rules.json');

  it('names every shared rules file once, by its own name, and nothing else', () => {
    const named = Object.entries(table).map(([name, targets]) => {
      expect(targets, name).toHaveLength(1);
      return [name, targets[0]!] as const;
    });
    expect(named.map(([, target]) => target).sort()).toEqual(rulesFiles());
    for (const [name, target] of named) {
      expect(existsSync(join(ROOT, target)), target).toBe(true);
      expect(name).toBe(PREFIX + basename(target, '.rules.ts'));
    }
  });

  it('is seen by the web client and the tests that compile web code, not by the server', () => {
    for (const config of ['web/tsconfig.json', 'tsconfig.json', 'tsconfig.web-tests.json']) {
      expect(pathsOf(config), config).toEqual(table);
    }
    expect(Object.keys(pathsOf('server/tsconfig.json')).filter((name) => name.startsWith(PREFIX))).toEqual([]);
  });
});
