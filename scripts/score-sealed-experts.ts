/**
 * Scores a sealed expert set once (test/advice/sealed-experts/): each profile's wish through the
 * local engine as the page shows it, its first three against the expert's acceptable models, and
 * against the faults the expert told that buyer to avoid (same make and model, overlapping years,
 * and the fault's engine or gearbox named in the variant). Run after a ranking change; the
 * printed figures go into docs/advice-quality.md. The file's hash is checked first, so a set
 * edited after it was sealed is refused.
 *
 *   node scripts/score-sealed-experts.ts [--file=expert-profiles-<date>.json]
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

await import("./ts-resolve-hook.mjs");
const { evaluateProfile } = await import("../test/advice/evaluate.ts");
const { HIT_THRESHOLD, setName } = await import("../test/advice/expert-sets.ts");
const { getVariant } = await import("../app/server/cars/catalogue.server.ts");

type Avoid = { make: string; model: string; fromYear: number; toYear: number; engine?: string; fault: string };
type Sealed = { id: string; description: string; maxPrice: number; carType: string; acceptable: string[]; avoid?: Avoid[] };

const dir = path.resolve(import.meta.dirname, "../test/advice/sealed-experts");
const file = process.argv.find((arg) => arg.startsWith("--file="))?.slice("--file=".length) ?? "expert-profiles-2026-11-27.json";
const bytes = readFileSync(path.join(dir, file));
const sums = readFileSync(path.join(dir, "SHA256SUMS"), "utf8");
const hash = createHash("sha256").update(bytes).digest("hex");
if (!sums.includes(`${hash}  ${file}`)) throw new Error(`${file} does not match its sealed hash in SHA256SUMS`);
const profiles = JSON.parse(bytes.toString("utf8")) as Sealed[];

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .filter((word) => word.length >= 2);
let hits = 0;
let avoided = 0;
let failed = 0;
for (const profile of profiles) {
  const report = await evaluateProfile({
    name: profile.id,
    input: { description: profile.description, maxPrice: profile.maxPrice, carType: profile.carType as never, sellerType: "alla" },
    truth: {},
  });
  if (report.outcome !== "ok") failed++;
  const first = report.cars.slice(0, 3).map((car) => {
    const variant = getVariant(car.variantId ?? "");
    const name = variant ? setName(variant.make, variant.model) : car.carName;
    const from = car.recommendedYear.from;
    const to = car.recommendedYear.to ?? from;
    const text = `${car.carName} ${variant?.name ?? ""} ${variant?.gearboxes.join(" ") ?? ""}`.toLowerCase();
    const faults = (profile.avoid ?? []).filter(
      (avoid) =>
        setName(avoid.make, avoid.model) === name &&
        from <= avoid.toYear &&
        to >= avoid.fromYear &&
        (!avoid.engine || words(avoid.engine).some((word) => text.includes(word))),
    );
    return { name, years: `${from}–${to}`, faults };
  });
  const inSet = first.filter((car) => profile.acceptable.includes(car.name)).length;
  const hit = report.outcome === "ok" && inSet >= HIT_THRESHOLD;
  const faulty = first.filter((car) => car.faults.length > 0);
  if (hit) hits++;
  if (faulty.length > 0) avoided++;
  console.log(
    `${hit ? "✓" : "✗"} ${profile.id} (${report.outcome}) ${first.map((car) => `${car.name} ${car.years}`).join(" | ")}  [${inSet}/3 in set]` +
      (faulty.length > 0 ? `  AVOID: ${faulty.map((car) => `${car.name}: ${car.faults.map((f) => f.fault).join("; ")}`).join(" / ")}` : ""),
  );
}
const share = (n: number) => `${((100 * n) / profiles.length).toFixed(1).replace(".", ",")} %`;
console.log(`\n${file}: ${profiles.length} profiles; hits (≥ ${HIT_THRESHOLD} of the first three in the expert's set) ${hits} (${share(hits)});`);
console.log(`first three carrying a fault on the buyer's avoid list: ${avoided} profiles; outcome not ok: ${failed}`);
