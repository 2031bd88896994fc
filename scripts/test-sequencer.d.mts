// Types of scripts/test-sequencer.mjs, which vitest.config.ts loads.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export function runName(projectName: string, env?: Record<string, string | undefined>): string;
export function longestFirst<T extends { project: { name: string } }>(
  specs: T[],
  seconds: (spec: T) => number | undefined,
): T[];
export class LongestFirst extends BaseSequencer {
  sort(files: TestSpecification[]): Promise<TestSpecification[]>;
}
