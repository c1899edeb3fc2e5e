import { describe, expect, it } from 'vitest';
import { benchOutputs } from '../../bench/outputs.js';

describe('npm run bench: where the figures go', () => {
  it('writes the docs table only for a whole full-scale run', () => {
    expect(benchOutputs({ quick: false, partial: false, noWrite: false })).toEqual({ resultsFile: 'run.json', writeDocs: true });
  });

  it('keeps a quick run out of docs/BENCHMARKS.md: its own results file only', () => {
    expect(benchOutputs({ quick: true, partial: false, noWrite: false })).toEqual({ resultsFile: 'run-quick.json', writeDocs: false });
  });

  it('keeps partial runs (--only, --no-write) out of the docs and out of the whole run\'s file', () => {
    expect(benchOutputs({ quick: false, partial: true, noWrite: false })).toEqual({ resultsFile: 'run-partial.json', writeDocs: false });
    expect(benchOutputs({ quick: false, partial: false, noWrite: true })).toEqual({ resultsFile: 'run-partial.json', writeDocs: false });
    expect(benchOutputs({ quick: true, partial: true, noWrite: false })).toEqual({ resultsFile: 'run-quick-partial.json', writeDocs: false });
  });
});
