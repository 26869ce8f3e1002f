/**
 * Comment hygiene: comments say why, briefly, and only about this repository.
 * - app/ and workers/: lines carrying a comment stay at or under 6 % of non-blank lines (data files
 *   and generated route types aside);
 * - every source file (app, workers, scripts, test, root configs): no comment points outside the
 *   repository (a sibling checkout, an absolute machine path) or names an issue number.
 *
 *   node scripts/check-comments.ts [--list] [--max=<percent>] [--under=<path prefix>,...]
 *   --list prints each file's comment lines, most first; --max overrides the 6 % limit (a ratchet
 *   while the comments are being cut: it may only go down); --under counts only app files whose
 *   repository path starts with one of the prefixes (to measure one part of the tree).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(import.meta.dirname, "..");
const MAX_COMMENT_SHARE = 0.06;
const SOURCE = /\.(ts|tsx|mjs|js)$/;

function walk(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "+types" || name.startsWith(".")) continue;
    if (statSync(path).isDirectory()) walk(path, into);
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) into.push(path);
  }
  return into;
}

const DIRECTIVE =
  /^(\/\*\s*[@#]__(PURE|NO_SIDE_EFFECTS)__\s*\*\/|\/\/\s*@ts-(expect-error|ignore|nocheck)\b|\/\/\/\s*<reference |\/\/\s*(prettier-ignore|eslint-disable[\w-]*|biome-ignore)\b)/;

/** Line numbers (0-based) that carry a comment, and each comment's text. */
export function commentsOf(fileName: string, text: string): { lines: Set<number>; texts: { line: number; text: string }[] } {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : fileName.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  // JSX text is prose, not trivia: "//" inside it is not a comment.
  const jsxText: [number, number][] = [];
  const findJsxText = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxText.push([node.pos, node.end]);
    node.forEachChild(findJsxText);
  };
  findJsxText(source);
  const seen = new Set<number>();
  const lines = new Set<number>();
  const texts: { line: number; text: string }[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos) || jsxText.some(([pos, end]) => range.pos >= pos && range.pos < end)) continue;
      seen.add(range.pos);
      // Directives for the bundler or the compiler are instructions, not prose.
      if (DIRECTIVE.test(text.slice(range.pos, range.end))) continue;
      const first = source.getLineAndCharacterOfPosition(range.pos).line;
      const last = source.getLineAndCharacterOfPosition(range.end).line;
      for (let line = first; line <= last; line++) lines.add(line);
      texts.push({ line: first, text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return { lines, texts };
}

const OUTSIDE_REPO = [/\.\.\/shared\b/, /\bshared reference\b/i, /(^|[\s"'`(])\/(work|home|Users|tmp|root|mnt|var)\/\S/, /\b[A-Z]:\\\\?\w/];
const ISSUE_NUMBER = [/\bissues?\s*(no\.?\s*|nr\.?\s*)?#?\d+/i, /(^|[\s(,])#\d{1,4}\b(?![0-9a-f])/i];

/** Why a comment breaks the rules, or null; `markdown` holds the repository's .md file names. */
export function commentProblem(comment: string, markdown: ReadonlySet<string> = new Set()): string | null {
  if (OUTSIDE_REPO.some((pattern) => pattern.test(comment))) return "points outside the repository";
  for (const [, name] of comment.matchAll(/([\w.-]+\.md)\b/g)) if (name && !markdown.has(name)) return `names ${name}, which is not in the repository`;
  if (ISSUE_NUMBER.some((pattern) => pattern.test(comment))) return "names an issue number";
  return null;
}

function main() {
  const list = process.argv.includes("--list");
  const maxArg = process.argv.find((arg) => arg.startsWith("--max="));
  const maxShare = maxArg ? Number(maxArg.slice("--max=".length)) / 100 : MAX_COMMENT_SHARE;
  const underArg = process.argv.find((arg) => arg.startsWith("--under="));
  const under = underArg ? underArg.slice("--under=".length).split(",").filter(Boolean) : [];
  const inScope = (path: string) => under.length === 0 || under.some((prefix) => relative(root, path).startsWith(prefix));
  const appFiles = [...walk(join(root, "app")), ...walk(join(root, "workers"))];
  const isData = (path: string) => /\.data\.ts$|\/data\//.test(path);
  const markdown = new Set<string>();
  const findMarkdown = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === "node_modules" || name.startsWith(".")) continue;
      if (statSync(path).isDirectory()) findMarkdown(path);
      else if (name.endsWith(".md")) markdown.add(name);
    }
  };
  findMarkdown(root);
  const otherFiles = [...walk(join(root, "scripts")), ...walk(join(root, "test"))];
  for (const name of readdirSync(root)) if (SOURCE.test(name) && !name.endsWith(".d.ts")) otherFiles.push(join(root, name));

  const problems: string[] = [];
  let codeLines = 0;
  let commentLines = 0;
  const perFile: [string, number][] = [];
  for (const path of [...appFiles, ...otherFiles]) {
    const text = readFileSync(path, "utf8");
    const { lines, texts } = commentsOf(path, text);
    for (const { line, text: comment } of texts) {
      const problem = commentProblem(comment, markdown);
      if (problem) problems.push(`${relative(root, path)}:${line + 1}: comment ${problem}: ${comment.split("\n")[0]?.slice(0, 120)}`);
    }
    if (!appFiles.includes(path) || isData(path) || !inScope(path)) continue;
    codeLines += text.split("\n").filter((line) => line.trim() !== "").length;
    commentLines += lines.size;
    perFile.push([relative(root, path), lines.size]);
  }

  const share = commentLines / codeLines;
  const summary = `comments: ${commentLines} of ${codeLines} app lines (${(share * 100).toFixed(1)} %, limit ${(maxShare * 100).toFixed(1)} %${maxShare > MAX_COMMENT_SHARE ? `, target ${MAX_COMMENT_SHARE * 100} %` : ""})`;
  if (list) for (const [file, count] of perFile.sort((a, b) => b[1] - a[1])) if (count > 0) console.log(`${String(count).padStart(4)} ${file}`);
  for (const problem of problems) console.error(problem);
  if (share > maxShare) problems.push(summary);
  console.log(summary);
  if (problems.length > 0) {
    console.error(`check-comments: ${problems.length} problem(s)`);
    process.exit(1);
  }
}

if (import.meta.main || process.argv[1] === import.meta.filename) main();
