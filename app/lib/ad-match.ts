import { z } from "zod";
import { type BodyType, DRIVETRAIN_LABELS, type Drivetrain, FUEL_LABELS, type Fuel, FuelSchema, type Gearbox, GearboxSchema } from "./car-facts";
import { formatMil, formatSek, formatSekRange } from "./format";
import type { AdStated, MarketplaceCar, MarketplaceQuery, Searched } from "./marketplace";

/** Empty fields: the buyer did not ask. Built in a pure function so an unused schema takes zod out of the result page. */
export const BuyerNeedsSchema = /* @__PURE__ */ (() =>
  z.object({
    towbar: z.boolean().default(false),
    awd: z.boolean().default(false),
    gearbox: GearboxSchema.optional(),
    fuels: z.array(FuelSchema).default([]),
  }))();
export type BuyerNeeds = z.infer<typeof BuyerNeedsSchema>;

export function buyerNeedsOf(hard: {
  minTowingKg?: number | undefined;
  awd: boolean;
  gearbox?: Gearbox | undefined;
  allowedFuels: readonly Fuel[];
}): BuyerNeeds {
  return {
    towbar: hard.minTowingKg !== undefined,
    awd: hard.awd,
    ...(hard.gearbox ? { gearbox: hard.gearbox } : {}),
    fuels: [...hard.allowedFuels],
  };
}

const key = (text: string | null | undefined) => (text ?? "").toLowerCase().replace(/\s+/g, " ").trim();

/** Blocket's fuel labels ("Bensin", "Hybrid bensin", "Plug-in Bensin", "El", "Etanol"…). */
export function fuelFromLabel(label: string | null | undefined): Fuel | undefined {
  const text = key(label);
  if (text === "") return undefined;
  if (text.startsWith("plug-in") || text.includes("laddhybrid")) return "laddhybrid";
  if (text.startsWith("hybrid") || text.includes("elhybrid")) return "elhybrid";
  if (text === "el" || text === "elektrisk") return "el";
  if (text === "bensin") return "bensin";
  if (text === "diesel") return "diesel";
  if (text === "etanol" || text === "e85") return "e85";
  if (text.includes("gas")) return "gas";
  return undefined;
}

/** "Automatisk" / "Automat" / "Manuell"; a sequential box counts as an automatic for buyers. */
export function gearboxFromLabel(label: string | null | undefined): Gearbox | undefined {
  const text = key(label);
  if (text.startsWith("automat") || text === "sekventiell") return "automat";
  if (text === "manuell") return "manuell";
  return undefined;
}

/** Blocket's drive labels ("Fyrhjulsdriven", "Framhjulsdriven", "Bakhjulsdriven", "AWD"…). */
export function driveFromLabel(label: string | null | undefined): Drivetrain | undefined {
  const text = key(label);
  if (/fyrhjul|^awd$|^4wd$|4x4|all-wheel/.test(text)) return "awd";
  if (/framhjul|^fwd$/.test(text)) return "fwd";
  if (/bakhjul|^rwd$/.test(text)) return "rwd";
  return undefined;
}

const AWD_WORDS = /\b(awd|4wd|4x4|4motion|quattro|xdrive|4matic|all4|e-four|awd-i|fyrhjulsdrift|fyrhjulsdriven)\b/i;
const TOWBAR_WORDS = /(^|[\s,.;:!()/+-])(dragkrok|drag)(?=$|[\s,.;:!()/+-])/i;

export function driveFromText(text: string): Drivetrain | undefined {
  return AWD_WORDS.test(text) ? "awd" : undefined;
}

export function towbarInText(text: string): boolean {
  return TOWBAR_WORDS.test(text);
}

export function bodyFromText(text: string): BodyType | undefined {
  const t = key(text);
  if (/\b(kombi|variant|avant|touring|sports ?tourer|sportswagon|sportkombi|estate|shooting brake|sw)\b/.test(t)) return "kombi";
  if (/\b(sedan|limousine)\b/.test(t)) return "sedan";
  if (/\b(cab|cabriolet|cabrio|roadster)\b/.test(t)) return "cab";
  if (/\b(coupé|coupe)\b/.test(t)) return "coupe";
  if (/\b(suv)\b/.test(t)) return "suv";
  if (/\b(halvkombi|hatchback)\b/.test(t)) return "halvkombi";
  if (/\b(pickup|pick-up|dubbelhytt)\b/.test(t)) return "pickup";
  return undefined;
}

export function statedContradicts(stated: AdStated, query: Pick<MarketplaceQuery, "fuel" | "gearbox" | "drivetrain">): boolean {
  if (query.fuel && stated.fuel && stated.fuel !== query.fuel) return true;
  if (query.gearbox && stated.gearbox && stated.gearbox !== query.gearbox) return true;
  if (query.drivetrain && stated.drive && stated.drive !== query.drivetrain) return true;
  return false;
}

// Blocket's "gas" covers fordonsgas of every kind, so the search says "gas", not our "biogas".
const FUEL_WORDS: Record<Fuel, string> = { ...FUEL_LABELS, gas: "gas" };
const GEARBOX_WORDS: Record<Gearbox, string> = { automat: "automat", manuell: "manuell växellåda" };
const BODY_WORDS: Record<BodyType, string> = {
  halvkombi: "halvkombi",
  sedan: "sedan",
  kombi: "kombi",
  suv: "SUV",
  familjebuss: "familjebuss",
  coupe: "coupé",
  cab: "cabriolet",
  pickup: "pickup",
  skapbil: "skåpbil",
};

export type NeedCheck = { need: "towbar" | "drive" | "gearbox" | "fuel"; shown: boolean; text: string };

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Needs the buyer did not state are left out; an ad that does not say reads "Kontrollera …". */
export function needChecks(ad: Pick<MarketplaceCar, "stated">, needs: BuyerNeeds | undefined): NeedCheck[] {
  if (!needs) return [];
  const stated = ad.stated ?? {};
  const checks: NeedCheck[] = [];
  if (needs.towbar) {
    checks.push(stated.towbar ? { need: "towbar", shown: true, text: "Dragkrok" } : { need: "towbar", shown: false, text: "Kontrollera dragkrok" });
  }
  if (needs.awd) {
    checks.push(
      stated.drive === "awd" ? { need: "drive", shown: true, text: "Fyrhjulsdrift" } : { need: "drive", shown: false, text: "Kontrollera fyrhjulsdrift" },
    );
  }
  if (needs.gearbox) {
    checks.push(
      stated.gearbox === needs.gearbox
        ? { need: "gearbox", shown: true, text: capitalise(GEARBOX_WORDS[needs.gearbox]) }
        : { need: "gearbox", shown: false, text: "Kontrollera växellåda" },
    );
  }
  if (needs.fuels.length > 0) {
    checks.push(
      stated.fuel && needs.fuels.includes(stated.fuel)
        ? { need: "fuel", shown: true, text: capitalise(FUEL_WORDS[stated.fuel]) }
        : { need: "fuel", shown: false, text: "Kontrollera drivmedel" },
    );
  }
  return checks;
}

function yearsText(from: number | undefined, to: number | undefined): string | undefined {
  if (from !== undefined && to !== undefined) return from === to ? `årsmodell ${from}` : `${from}–${to}`;
  if (from !== undefined) return `från ${from}`;
  if (to !== undefined) return `till ${to}`;
  return undefined;
}

function priceText(from: number | undefined, to: number | undefined): string | undefined {
  if (from !== undefined && to !== undefined) return formatSekRange(from, to);
  if (to !== undefined) return `högst ${formatSek(to)}`;
  if (from !== undefined) return `från ${formatSek(from)}`;
  return undefined;
}

export function searchedFilters(searched: Searched, modelName: string): string[] {
  const q = searched.query;
  const parts = [
    modelName,
    yearsText(q.minYear, q.maxYear),
    q.maxMileage !== undefined ? `högst ${formatMil(q.maxMileage)}` : undefined,
    priceText(q.minPrice, q.maxPrice),
    q.fuel ? FUEL_WORDS[q.fuel] : undefined,
    q.drivetrain ? DRIVETRAIN_LABELS[q.drivetrain] : undefined,
    q.gearbox ? GEARBOX_WORDS[q.gearbox] : undefined,
    q.bodies.length > 0 ? q.bodies.map((body) => BODY_WORDS[body]).join(" eller ") : undefined,
    q.towbar ? "dragkrok" : undefined,
    q.sellerType === "privat" ? "privata säljare" : q.sellerType === "handlare" ? "bilhandlare" : undefined,
  ];
  return parts.filter((part): part is string => part !== undefined);
}

const NOT_APPLIED_WORDS: Record<string, string> = {
  year_from: "årsmodell",
  year_to: "årsmodell",
  mileage_to: "miltal",
  price_from: "pris",
  price_to: "pris",
  fuel: "drivmedel",
  wheel_drive: "drivning",
  transmission: "växellåda",
  body_type: "kaross",
  car_equipment: "dragkrok",
};

export function notAppliedInWords(searched: Searched): string[] {
  return [...new Set(searched.notApplied.map((name) => NOT_APPLIED_WORDS[name]).filter((word): word is string => word !== undefined))];
}
