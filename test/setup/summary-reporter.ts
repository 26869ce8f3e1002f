import { writeFileSync } from "node:fs";
import type { Reporter, SerializedError, TestModule } from "vitest/node";

/**
 * Prints one plain closing line ("tests: N passed, N failed, N skipped") that CI reads, in
 * addition to vitest's own summary, and before it each project's wall time (first file started
 * to last file ended; projects of one group overlap) with its files and tests: the README's table.
 */
export default class SummaryReporter implements Reporter {
  private readonly started = new Map<TestModule, number>();
  private readonly ended = new Map<TestModule, number>();

  onTestModuleStart(testModule: TestModule) {
    this.started.set(testModule, Date.now());
  }

  onTestModuleEnd(testModule: TestModule) {
    this.ended.set(testModule, Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const projects = new Map<string, { start: number; end: number; files: number; tests: number }>();
    for (const testModule of testModules) {
      let tests = 0;
      for (const test of testModule.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (testModule.state() === "failed" && testModule.children.size === 0) failed++;
      const start = this.started.get(testModule);
      const end = this.ended.get(testModule);
      if (start === undefined || end === undefined) continue;
      const name = testModule.project.name;
      const project = projects.get(name) ?? { start, end, files: 0, tests: 0 };
      projects.set(name, { start: Math.min(project.start, start), end: Math.max(project.end, end), files: project.files + 1, tests: project.tests + tests });
    }
    for (const [name, project] of [...projects].sort((a, b) => a[1].start - b[1].start)) {
      process.stdout.write(`\nproject ${name}: ${Math.round((project.end - project.start) / 1000)} s wall, ${project.files} files, ${project.tests} tests`);
    }
    // TIMELINE=file writes when each file started and ended (seconds from the first), to see what overlaps.
    if (process.env.TIMELINE) {
      const t0 = Math.min(...this.started.values());
      const seconds = (at: number) => ((at - t0) / 1000).toFixed(0).padStart(4);
      const rows = [...this.started]
        .sort((a, b) => a[1] - b[1])
        .map(
          ([module, start]) =>
            `${seconds(start)} ${seconds(this.ended.get(module) ?? start)} ${module.project.name} ${module.moduleId.split("/").slice(-2).join("/")}`,
        );
      writeFileSync(process.env.TIMELINE, rows.join("\n"));
    }
    // Unhandled errors fail the run even when every test passed; count them as failures.
    failed += unhandledErrors.length;
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
