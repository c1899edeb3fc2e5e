// Where a `npm run bench` run writes its figures. The committed docs/BENCHMARKS.md table is the
// record of the last whole, full-scale run: a quick run (a tenth of the data, 2 s runs: noisy) or a
// partial one (--only, --no-write) writes its own results file and leaves the docs alone.
export interface BenchRunKind {
  quick: boolean;
  /** --only=… was given. */
  partial: boolean;
  noWrite: boolean;
}

export function benchOutputs({ quick, partial, noWrite }: BenchRunKind): { resultsFile: string; writeDocs: boolean } {
  const someScenarios = partial || noWrite;
  return {
    resultsFile: `run${quick ? '-quick' : ''}${someScenarios ? '-partial' : ''}.json`,
    writeDocs: !quick && !someScenarios,
  };
}
