import { z } from "zod";
import { type BodyType, BodyTypeSchema, CostClassSchema, DrivetrainSchema, FuelSchema, GearboxSchema, MakeSchema, SizeSchema } from "#app/lib/car-facts";

// One generation × powertrain × drivetrain, so a fact can never be pinned on a sibling. Field meanings: docs/decisions/014-server-design-notes.md.

export const CATALOGUE_REFERENCE_YEAR = 2026;

const ModelYear = z.number().int().min(1985).max(CATALOGUE_REFERENCE_YEAR);
const YearRange = z.tuple([ModelYear, ModelYear]).refine(([from, to]) => from <= to, { error: "years must be [from, to] with from <= to" });
const Rating = z.number().int().min(0).max(100);
const SwedishSentence = z
  .string()
  .trim()
  .min(12)
  .max(240)
  .regex(/^[A-ZÅÄÖ0-9"«(]/, { error: "a sentence starts with a capital letter or a digit" })
  .regex(/[.!?]$/, { error: "a sentence ends with . ! or ?" });

const VariantBodySchema = z.object({
  type: BodyTypeSchema,
  bootLitres: z.number().int().min(0).max(20_000).nullable(),
  years: YearRange.optional(),
});
export type VariantBody = z.infer<typeof VariantBodySchema>;

const ThirdRowSchema = z.object({
  seats: z.number().int().min(1).max(4),
  adultSized: z.boolean(),
  optional: z.boolean(),
  /** Jump seats facing the tailgate, as in estates: for small children only, whatever the seat count says. */
  rearFacing: z.boolean().optional(),
  years: YearRange.optional(),
  body: BodyTypeSchema.optional(),
});
type ThirdRow = z.infer<typeof ThirdRowSchema>;

/** With years when it applies to some, so a card never warns about a fault its recommended years do not have. */
const KnownFlawSchema = z.union([SwedishSentence, z.object({ text: SwedishSentence, years: YearRange })]);
export type KnownFlaw = z.infer<typeof KnownFlawSchema>;

/** Not checked against a source: the source note names each, and no text may state them as certain. */
export const UNVERIFIED_FIELDS = ["powerHp", "curbWeightKg", "towingKg", "bootLitres", "seats", "batteryKwh", "rangeKm", "consumption", "co2", "ncap"] as const;
const UnverifiedFieldSchema = z.enum(UNVERIFIED_FIELDS);
export type UnverifiedField = z.infer<typeof UnverifiedFieldSchema>;

export const UNVERIFIED_FIELD_WORDS: Record<UnverifiedField, string> = {
  powerHp: "effekt",
  curbWeightKg: "tjänstevikt",
  towingKg: "dragvikt",
  bootLitres: "bagage",
  seats: "säten",
  batteryKwh: "batteri",
  rangeKm: "räckvidd",
  consumption: "förbrukning",
  co2: "CO2",
  ncap: "Euro NCAP",
};

const ConsumptionSchema = z.object({
  litresPer100Km: z.number().min(1).max(30).optional(),
  kwhPer100Km: z.number().min(1).max(60).optional(),
  kgPer100Km: z.number().min(1).max(20).optional(),
});

export const VariantSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    make: MakeSchema,
    model: z
      .string()
      .min(1)
      .max(40)
      .regex(/^(?!.* (I{1,3}|IV|VI{0,3}|Mk ?\d+)$)/, { error: "no generation numeral in the model name" }),
    generation: z.string().min(1).max(30),
    name: z.string().min(1).max(60),
    years: YearRange,
    bodies: z.array(VariantBodySchema).min(1),
    size: SizeSchema,
    seats: z.number().int().min(1).max(9),
    thirdRow: ThirdRowSchema.optional(),
    drivetrain: DrivetrainSchema,
    gearboxes: z.array(GearboxSchema).min(1),
    /** The first model year an automatic was offered, when it came after the variant's first year (Puma mHEV: 2021). */
    automaticFrom: ModelYear.optional(),
    fuel: FuelSchema,
    combustionFuel: z.enum(["bensin", "diesel"]).optional(),
    powerHp: z.number().int().min(40).max(1500),
    curbWeightKg: z.number().int().min(600).max(4000),
    batteryKwh: z.number().min(1).max(250).optional(),
    rangeKm: z.number().int().min(10).max(1000).optional(),
    towingKg: z.number().int().min(0).max(3500),
    consumption: ConsumptionSchema,
    co2: z.object({
      gPerKm: z.number().int().min(0).max(500),
      cycle: z.enum(["NEDC", "WLTP"]),
    }),
    prices: z.array(z.tuple([ModelYear, z.number().int().min(5_000).max(5_000_000)])).min(2),
    /** `pack`: the stars of Euro NCAP's second rating, with the optional safety pack (2016–2019 dual ratings). */
    ncap: z
      .object({ stars: z.number().int().min(0).max(5), year: z.number().int().min(1997).max(2030), pack: z.number().int().min(1).max(5).optional() })
      .refine((ncap) => ncap.pack === undefined || ncap.pack > ncap.stars, { error: "the safety pack's stars exceed the standard car's" })
      .nullable(),
    comfort: Rating,
    reliability: Rating,
    reliabilityNotes: z.array(SwedishSentence).min(1).max(4),
    knownFlaws: z.array(KnownFlawSchema).min(1).max(5),
    strengths: z.array(SwedishSentence).min(2).max(5),
    marketPresence: z.number().int().min(1).max(5000),
    costClass: CostClassSchema,
    source: z.string().min(5).max(400),
    unverified: z.array(UnverifiedFieldSchema).min(1).optional(),
  })
  .superRefine((variant, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const [from, to] = variant.years;
    const first = variant.prices[0];
    const last = variant.prices.at(-1);
    if (first?.[0] !== from || last?.[0] !== to) issue("prices", "price anchors must start and end at the variant's years");
    for (let i = 1; i < variant.prices.length; i++) {
      const previous = variant.prices[i - 1];
      const current = variant.prices[i];
      if (previous && current && (current[0] <= previous[0] || current[1] < previous[1])) {
        issue("prices", "price anchors must rise with the model year");
      }
    }
    if (variant.automaticFrom !== undefined && (!variant.gearboxes.includes("automat") || variant.automaticFrom <= from || variant.automaticFrom > to))
      issue("automaticFrom", "an automatic from a later year needs an automat inside the variant's years");
    const hybrid = variant.fuel === "elhybrid" || variant.fuel === "laddhybrid";
    if (hybrid !== (variant.combustionFuel !== undefined)) issue("combustionFuel", "exactly the hybrids name their combustion engine");
    const plug = variant.fuel === "el" || variant.fuel === "laddhybrid";
    if (plug && (variant.rangeKm === undefined || variant.batteryKwh === undefined)) issue("rangeKm", "el and laddhybrid need batteryKwh and rangeKm");
    if (!plug && (variant.rangeKm !== undefined || variant.batteryKwh !== undefined)) issue("rangeKm", "only el and laddhybrid have a battery range");
    const c = variant.consumption;
    const needs = {
      bensin: ["litresPer100Km"],
      diesel: ["litresPer100Km"],
      elhybrid: ["litresPer100Km"],
      e85: ["litresPer100Km"],
      el: ["kwhPer100Km"],
      laddhybrid: ["litresPer100Km", "kwhPer100Km"],
      gas: ["kgPer100Km"],
    }[variant.fuel] as (keyof typeof c)[];
    for (const key of needs) if (c[key] === undefined) issue("consumption", `${variant.fuel} needs consumption.${key}`);
    if (variant.fuel === "el" && (variant.co2.gPerKm !== 0 || c.litresPer100Km !== undefined)) issue("co2", "an elbil has 0 g/km and no litres");
    if (variant.fuel !== "el" && variant.co2.gPerKm === 0) issue("co2", "only an elbil has 0 g/km");
    if (variant.fuel === "el" && variant.gearboxes.includes("manuell")) issue("gearboxes", "an elbil has no manual gearbox");
    if (variant.thirdRow) {
      if (variant.seats < 5 + variant.thirdRow.seats) issue("seats", "seats must count the third row");
      const [rowFrom, rowTo] = variant.thirdRow.years ?? variant.years;
      if (rowFrom < from || rowTo > to) issue("thirdRow", "third-row years outside the variant's years");
      const rowBody = variant.thirdRow.body;
      if (rowBody !== undefined && !variant.bodies.some((body) => body.type === rowBody)) issue("thirdRow", "the third row's body is not one of the variant's");
    } else if (variant.seats > 5 && !variant.bodies.some((body) => body.type === "familjebuss" || body.type === "skapbil" || body.type === "pickup")) {
      issue("thirdRow", "more than five seats in a car needs a described third row");
    }
    for (const body of variant.bodies) {
      if (body.bootLitres === null && body.type !== "pickup") issue("bodies", "only a pickup may lack a boot");
      const [bodyFrom, bodyTo] = body.years ?? variant.years;
      if (bodyFrom < from || bodyTo > to) issue("bodies", "body years outside the variant's years");
    }
    if (new Set(variant.bodies.map((body) => body.type)).size !== variant.bodies.length) issue("bodies", "each body type once");
    for (const flaw of variant.knownFlaws) {
      if (typeof flaw === "string") continue;
      if (flaw.years[0] < from || flaw.years[1] > to) issue("knownFlaws", "flaw years outside the variant's years");
      if (flaw.years[0] === from && flaw.years[1] === to) issue("knownFlaws", "a flaw of every year is a plain sentence");
    }
    if (variant.unverified) {
      const note = variant.source.toLowerCase();
      const marked = note.includes("ej verifierat:") ? note.slice(note.indexOf("ej verifierat:")) : "";
      for (const field of variant.unverified) {
        if (!marked.includes(UNVERIFIED_FIELD_WORDS[field].toLowerCase())) issue("source", `the note must name ${field} after "ej verifierat:"`);
      }
    }
  });
export type Variant = z.infer<typeof VariantSchema>;

export function flawText(flaw: KnownFlaw): string {
  return typeof flaw === "string" ? flaw : flaw.text;
}

export function flawsForYears(variant: Variant, from: number, to: number): string[] {
  return variant.knownFlaws.filter((flaw) => typeof flaw === "string" || (flaw.years[0] <= to && flaw.years[1] >= from)).map(flawText);
}

export function thirdRowIn(variant: Pick<Variant, "thirdRow">, bodyType: BodyType): ThirdRow | undefined {
  const row = variant.thirdRow;
  return row && (row.body === undefined || row.body === bodyType) ? row : undefined;
}

export function seatsIn(variant: Pick<Variant, "thirdRow" | "seats">, bodyType: BodyType): number {
  return variant.thirdRow && !thirdRowIn(variant, bodyType) ? variant.seats - variant.thirdRow.seats : variant.seats;
}

export function isVerified(variant: Variant, field: UnverifiedField): boolean {
  return !variant.unverified?.includes(field);
}
export type VariantInput = z.input<typeof VariantSchema>;

export const CatalogueSchema = z.array(VariantSchema).superRefine((variants, ctx) => {
  const seen = new Set<string>();
  for (const variant of variants) {
    if (seen.has(variant.id)) ctx.addIssue({ code: "custom", message: `duplicate variant id ${variant.id}` });
    seen.add(variant.id);
  }
});
