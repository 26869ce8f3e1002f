import { describe, expect, it } from "vitest";
import { commentProblem, commentsOf } from "../../scripts/check-comments.ts";

describe("the comment check", () => {
  it("flags comments pointing outside the repository or naming an issue, and nothing else", () => {
    const markdown = new Set(["README.md", "security.md"]);
    for (const comment of [
      "// see ../shared/reference/platform-notes.md",
      "/** the shared reference says so */",
      "// built in /work/main/app",
      "// (platform-notes.md §2)",
    ]) {
      expect(commentProblem(comment, markdown), comment).toBe(
        comment.includes(".md §") ? "names platform-notes.md, which is not in the repository" : "points outside the repository",
      );
    }
    for (const comment of ["// fixed in issue 17", "/** Issue 12, item 5: the landing page */", "// see #18", "// (issues #3)"]) {
      expect(commentProblem(comment, markdown), comment).toBe("names an issue number");
    }
    for (const comment of ["// docs/security.md explains why", "// colour #1c1917", "// 6 connections per request", "// README.md, Changing the model"]) {
      expect(commentProblem(comment, markdown), comment).toBeNull();
    }
  });

  it("counts the lines comments occupy, not slashes inside strings or JSX text", () => {
    const text = ['const url = "https://example.se"; // why', "/**", " * two", " */", "const a = <p>// not a comment</p>;", ""].join("\n");
    expect([...commentsOf("x.tsx", text).lines].sort()).toEqual([0, 1, 2, 3]);
  });

  it("does not count bundler and compiler directives as comments", () => {
    const text = [
      "export const a = /* @__PURE__ */ make();",
      "// @ts-expect-error",
      "const b: number = 'x';",
      "// prettier-ignore",
      "// a reason",
      "const c = 1;",
      "",
    ].join("\n");
    expect([...commentsOf("x.ts", text).lines]).toEqual([4]);
  });
});
