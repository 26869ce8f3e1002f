import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order files enter the two slots (vitest's own runs project after project, by name). The
 * long browser files start at once; the workerd runtimes then start beside them, not in a gap of
 * their own; the short unit files come last and even out the end of the run.
 */
const LONG_BROWSER_FILES = ["test/e2e/durable-create.spec.ts", "test/e2e/recommendations.spec.ts"];
const PROJECTS = ["workers", "e2e", "security-e2e", "subrequests", "unit"];

function rank(spec: TestSpecification): number {
  if (LONG_BROWSER_FILES.some((file) => spec.moduleId.endsWith(file))) return -1;
  const index = PROJECTS.indexOf(spec.project.name);
  return index === -1 ? PROJECTS.length : index;
}

export default class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Within a project, vitest's order stands: the longest (or, on a fresh clone, largest) first.
    const sorted = await super.sort(files);
    // Array sort is stable, so files of equal rank keep that order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
