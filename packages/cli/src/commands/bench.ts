import { InvalidArgumentError } from '@shortlist/core';
import type { Command } from 'commander';

interface BenchModule {
  runBench?: (options: Record<string, unknown>) => Promise<unknown>;
}

/** Registers `shortlist bench`: the speed benchmark of @shortlist/bench. */
export function benchCommand(program: Command): void {
  program
    .command('bench')
    .description('measure ranker and budget speed on generated catalogues (prints figures)')
    .action(async () => {
      const bench = (await import('@shortlist/bench')) as BenchModule;
      if (typeof bench.runBench !== 'function') {
        throw new InvalidArgumentError({
          argument: 'bench',
          expected: '@shortlist/bench exporting runBench',
          message: 'this build of @shortlist/bench has no runBench(); update @shortlist/bench',
        });
      }
      await bench.runBench({});
    });
}
