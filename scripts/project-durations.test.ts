import { describe, expect, it } from 'vitest';
import { formatProjectCosts, projectCosts } from './project-durations';

describe('the per-project durations reporter', () => {
  it('sums files, tests and time per project, the costliest first', () => {
    const costs = projectCosts([
      { project: 'web', tests: 10, milliseconds: 1_500 },
      { project: 'server', tests: 20, milliseconds: 4_000 },
      { project: 'web', tests: 5, milliseconds: 500 },
    ]);
    expect(costs).toEqual([
      { project: 'server', files: 1, tests: 20, milliseconds: 4_000 },
      { project: 'web', files: 2, tests: 15, milliseconds: 2_000 },
    ]);
    expect(formatProjectCosts(costs).split('\n')).toEqual([
      'Time in test files per project (summed over files, which run side by side):',
      '  server     1 files     20 tests      4.0 s',
      '  web        2 files     15 tests      2.0 s',
    ]);
  });
});
