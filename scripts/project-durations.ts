/**
 * A Vitest reporter that ends the run with what each project cost: its test files, its tests, and the
 * time its files took (environment, import and tests, summed over files: the projects share the worker
 * pool, so the sums add up to more than the run's wall time). CI's output carries it, and
 * docs/testing.md records it. Used beside Vitest's default reporter (vitest.config.ts).
 */
import type { Reporter, TestModule } from 'vitest/node';

/** One project's line: files and tests counted, time in milliseconds. */
export interface ProjectCost {
  project: string;
  files: number;
  tests: number;
  milliseconds: number;
}

/** What a module cost, as its diagnostic tells it (milliseconds). */
function moduleMilliseconds(module: TestModule): number {
  const diagnostic = module.diagnostic();
  return (
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.collectDuration +
    diagnostic.setupDuration +
    diagnostic.duration
  );
}

/** Each project's files, tests and time, the costliest first. */
export function projectCosts(
  modules: ReadonlyArray<{ project: string; tests: number; milliseconds: number }>,
): ProjectCost[] {
  const byProject = new Map<string, ProjectCost>();
  for (const module of modules) {
    const cost = byProject.get(module.project) ?? {
      project: module.project,
      files: 0,
      tests: 0,
      milliseconds: 0,
    };
    cost.files += 1;
    cost.tests += module.tests;
    cost.milliseconds += module.milliseconds;
    byProject.set(module.project, cost);
  }
  return [...byProject.values()].sort((a, b) => b.milliseconds - a.milliseconds);
}

/** The table printed at the end of the run, e.g. 'server  120 files  900 tests  310.2 s'. */
export function formatProjectCosts(costs: ProjectCost[]): string {
  const width = Math.max(...costs.map((cost) => cost.project.length));
  const lines = costs.map(
    (cost) =>
      `  ${cost.project.padEnd(width)}  ${String(cost.files).padStart(4)} files  ${String(cost.tests).padStart(5)} tests  ${(cost.milliseconds / 1000).toFixed(1).padStart(7)} s`,
  );
  return ['Time in test files per project (summed over files, which run side by side):', ...lines].join('\n');
}

export default class ProjectDurationsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length === 0) return;
    const costs = projectCosts(
      testModules.map((module) => ({
        project: module.project.name || 'default',
        tests: [...module.children.allTests()].length,
        milliseconds: moduleMilliseconds(module),
      })),
    );
    process.stdout.write(`\n${formatProjectCosts(costs)}\n`);
  }
}
