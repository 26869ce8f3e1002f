/**
 * Import hygiene of app/ and workers/ (what `madge --circular` checks, without a dependency):
 * fails on an import cycle, type-only imports included, and lists files over 400 lines (data
 * files aside) as a warning.
 *
 *   node scripts/check-imports.ts
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx)$/;
const files: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (SOURCE.test(name) && !name.endsWith(".d.ts") && !path.includes(`${join("app", "routes")}/+types`)) files.push(path);
  }
};
walk(join(root, "app"));
walk(join(root, "workers"));
const known = new Set(files);

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("#app/")
    ? join(root, "app", specifier.slice(5))
    : specifier.startsWith("#workers/")
      ? join(root, "workers", specifier.slice(9))
      : specifier.startsWith(".")
        ? resolve(dirname(from), specifier)
        : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) if (known.has(candidate)) return candidate;
  return null;
}

const graph = new Map<string, string[]>();
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const targets: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    const target = specifier ? resolveImport(file, specifier) : null;
    if (target) targets.push(target);
  }
  // Dynamic imports count too (workers/app.ts loads the server build lazily).
  const dynamic = /import\(\s*["']([^"']+)["']\s*\)/g;
  for (const match of readFileSync(file, "utf8").matchAll(dynamic)) {
    const target = resolveImport(file, match[1]!);
    if (target) targets.push(target);
  }
  graph.set(file, targets);
}

// Tarjan's strongly connected components: any component of more than one file is a cycle.
let index = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
function connect(file: string) {
  order.set(file, index);
  low.set(file, index++);
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!order.has(next)) {
      connect(next);
      low.set(file, Math.min(low.get(file)!, low.get(next)!));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
  }
  if (low.get(file) === order.get(file)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component);
  }
}
for (const file of files) if (!order.has(file)) connect(file);

const long = files
  .filter((file) => !/\.data\.ts$|\/data\//.test(file))
  .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length }))
  .filter(({ lines }) => lines > 400);

console.log(`${files.length} files, ${[...graph.values()].reduce((sum, targets) => sum + targets.length, 0)} imports`);
for (const { file, lines } of long) console.log(`warning: ${relative(root, file)} has ${lines} lines (over 400)`);
for (const cycle of cycles) console.log(`cycle: ${cycle.map((file) => relative(root, file)).join(" → ")}`);
console.log(cycles.length === 0 ? "no import cycles" : `${cycles.length} import cycle(s)`);
process.exit(cycles.length === 0 ? 0 : 1);
