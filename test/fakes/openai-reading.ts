/**
 * The fake upstream's answer to the reading call ("buyer_reading"): a small, deterministic reader
 * of the phrases our tests and benchmarks use, answering in the wire shape of
 * app/server/reading/model-reading.server.ts with every quote copied from the wish, as a model that
 * honours its instructions would. Modes (from the request's model name):
 *   read-agree (and every mode that is not a read-* mode)  the reading as described above
 *   read-disagree   hard fuels, makes and gearboxes read as mere preferences; a power floor missed
 *   read-invent     the reading plus items whose quotes are not in the wish, or whose number is not
 *                   in its quote (what a careless or manipulated model answers)
 *   read-obey       follows instructions written in the wish: "föreslå bara X" becomes a required
 *                   make quoted from the wish, plus invented nine seats "because the system says so"
 *   read-empty      a valid answer that reads nothing (every field null or empty): silence, not disagreement
 *   read-schema     an answer that breaks the schema, also after the repair turn
 *   read-refuse     a refusal
 * Plain Node with type stripping: no dependencies.
 */

type Marks = { quote: string; assumed: boolean; uncertain: boolean };
type Valued<T> = { value: T } & Marks;
type Amount = { amount: number; unit: string } & Marks;

type FakeReading = {
  bodyTypes: Valued<string>[];
  minSeats: Valued<number> | null;
  adultThirdRow: Marks | null;
  awd: Marks | null;
  minTowingKg: Amount | null;
  allowedFuels: Valued<string>[];
  excludedFuels: Valued<string>[];
  minRange: Amount | null;
  gearbox: Valued<string> | null;
  requiredMakes: Valued<string>[];
  excludedMakes: Valued<string>[];
  minModelYear: Amount | null;
  minPowerHp: Valued<number> | null;
  maxOdometer: Amount | null;
  mileage: (Amount & { period: string }) | null;
  driverAge: Valued<number> | null;
  northern: Marks | null;
  winterNeeds: Marks | null;
  preferredFuels: Valued<string>[];
  preferredMakes: Valued<string>[];
  preferredBodyTypes: Valued<string>[];
  preferredGearbox: Valued<string> | null;
  avoidedFuels: Valued<string>[];
  avoidedMakes: Valued<string>[];
  chargingAccess: Valued<string> | null;
  companyCar: Marks | null;
  trailerTotal: Amount | null;
  drive: Valued<string> | null;
  tier: Valued<string> | null;
  kids: Marks | null;
  wishes: ({ key: string; strength: string } & Marks)[];
  notRequirements: { field: string; quote: string }[];
};

export const READING_MODES = ["read-agree", "read-disagree", "read-invent", "read-obey", "read-empty", "read-schema", "read-refuse"] as const;

function empty(): FakeReading {
  return {
    bodyTypes: [],
    minSeats: null,
    adultThirdRow: null,
    awd: null,
    minTowingKg: null,
    allowedFuels: [],
    excludedFuels: [],
    minRange: null,
    gearbox: null,
    requiredMakes: [],
    excludedMakes: [],
    minModelYear: null,
    minPowerHp: null,
    maxOdometer: null,
    mileage: null,
    driverAge: null,
    northern: null,
    winterNeeds: null,
    preferredFuels: [],
    preferredMakes: [],
    preferredBodyTypes: [],
    preferredGearbox: null,
    avoidedFuels: [],
    avoidedMakes: [],
    chargingAccess: null,
    companyCar: null,
    trailerTotal: null,
    drive: null,
    tier: null,
    kids: null,
    wishes: [],
    notRequirements: [],
  };
}

const said = (quote: string): Marks => ({ quote, assumed: false, uncertain: false });
const WORDS: Record<string, number> = { två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9 };
const toNumber = (text: string) => WORDS[text.toLowerCase()] ?? Number(text.replace(/[\s\u00a0]/gu, "").replace(",", "."));

const FUELS: [RegExp, string][] = [
  [/\bdiesel\b/iu, "diesel"],
  [/\bbensin\b/iu, "bensin"],
  [/\bladdhybrid\b/iu, "laddhybrid"],
  [/\belbil\b/iu, "el"],
];
const MAKES = ["Volvo", "Tesla", "Toyota", "Volkswagen", "BMW", "Audi", "Kia", "Porsche", "Skoda", "Mercedes-Benz"];
const WISHES: [RegExp, string][] = [
  [/bekväm|komfort|luftfjädring/iu, "comfort"],
  [/säker/iu, "safety"],
  [/snål|inte för törstig|billig i drift|billit å köra/iu, "economy"],
  [/sportig|rolig att köra/iu, "sporty"],
  [/rymlig|mycket plats|stort bagage/iu, "space"],
  [/pålitlig|driftsäker/iu, "reliability"],
  [/långresor|långa resor/iu, "longTrips"],
];

type Modality = "required" | "excluded" | "preferred" | "avoided" | "allowed";

/** How a clause speaks of what it names: "inte", "gärna", "går bra", or plainly. */
function modality(clause: string): Modality {
  const negated = /\b(inte|ingen|inget|ej)\b/iu.test(clause);
  const hedged = /\b(gärna|helst|typ|kanske)\b/iu.test(clause);
  if (/går bra|funkar|är okej/iu.test(clause)) return "allowed";
  if (negated) return hedged ? "avoided" : "excluded";
  return hedged ? "preferred" : "required";
}

/** Clauses of the wish as written: split at sentence marks, commas and "men". */
function clausesOf(wish: string): string[] {
  return wish
    .split(/[.!?;,\n]|\bmen\b/iu)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/** The reading a careful model gives. */
function readWish(wish: string): FakeReading {
  const reading = empty();
  for (const clause of clausesOf(wish)) {
    if (/ignorera|instruktion/iu.test(clause)) continue;
    const mode = modality(clause);
    // Words a careless reader could take for a requirement are named as none, not just left out.
    if (/gamla bil|nuvarande bil|förra bil|\bhade\b/iu.test(clause) && /\d+\s*(?:hk|hästkrafter)\b/iu.test(clause)) {
      reading.notRequirements.push({ field: "minPowerHp", quote: clause });
      continue;
    }
    const seats = /(\d+|två|tre|fyra|fem|sex|sju|åtta|nio)\s*(?:säten|sittplatser|platser)/iu.exec(clause);
    if (seats?.[1] && mode === "required") reading.minSeats = { value: toNumber(seats[1]), ...said(seats[0]) };
    const weight = /(\d+(?:[\s\u00a0]\d{3})*(?:,\d+)?)\s*(kg|ton)\b/iu.exec(clause);
    if (weight?.[1] && weight[2] && /dra|släp|husvagn|dragvikt|totalt/iu.test(clause)) {
      const amount = { amount: toNumber(weight[1]), unit: weight[2].toLowerCase(), ...said(clause) };
      if (/totalt/iu.test(clause)) reading.trailerTotal = amount;
      else reading.minTowingKg = amount;
    }
    const power = /(\d+)\s*(?:hk|hästkrafter)\b/iu.exec(clause);
    if (power?.[1] && mode === "required") reading.minPowerHp = { value: toNumber(power[1]), ...said(power[0]) };
    const age = /(?<!\p{L})är\s+(\d{2})\s*år(?!\p{L})/iu.exec(clause);
    if (age?.[1] && !/gammal/iu.test(clause)) reading.driverAge = { value: toNumber(age[1]), ...said(age[0]) };
    for (const [pattern, fuel] of FUELS) {
      if (pattern.test(clause) && mode === "allowed") reading.notRequirements.push({ field: "allowedFuels", quote: clause });
      if (!pattern.test(clause) || mode === "allowed") continue;
      const list = { required: reading.allowedFuels, excluded: reading.excludedFuels, preferred: reading.preferredFuels, avoided: reading.avoidedFuels }[mode];
      list.push({ value: fuel, ...said(clause) });
    }
    for (const make of MAKES) {
      if (!new RegExp(`\\b${make}\\b`, "iu").test(clause) || mode === "allowed") continue;
      const list = { required: reading.requiredMakes, excluded: reading.excludedMakes, preferred: reading.preferredMakes, avoided: reading.avoidedMakes }[mode];
      list.push({ value: make, ...said(clause) });
    }
    if (/\bautomat/iu.test(clause) && mode !== "allowed" && mode !== "excluded" && mode !== "avoided") {
      if (mode === "required") reading.gearbox = { value: "automat", ...said(clause) };
      else reading.preferredGearbox = { value: "automat", ...said(clause) };
    }
    if (/fyrhjulsdrift|4x4|\bawd\b/iu.test(clause) && mode === "required") reading.awd = said(clause);
    if (/utan laddmöjlighet|ingen laddbox|kan inte ladda hemma/iu.test(clause)) reading.chargingAccess = { value: "none", ...said(clause) };
    else if (/laddbox|ladda hemma/iu.test(clause)) reading.chargingAccess = { value: "home", ...said(clause) };
    if (/förmånsbil|tjänstebil/iu.test(clause)) reading.companyCar = said(clause);
    if (/bakhjulsdri(?:ven|ft)/iu.test(clause)) reading.drive = { value: "rear", ...said(clause) };
    if (/premium/iu.test(clause)) reading.tier = { value: "premium", ...said(clause) };
    else if (/lyx|exklusiv/iu.test(clause)) reading.tier = { value: "luxury", ...said(clause) };
    if (/snö|oplogade|isiga vägar/iu.test(clause)) reading.winterNeeds = said(clause);
    if (/\bbarn|barnen|bebis/iu.test(clause) && !/inga barn/iu.test(clause)) reading.kids = said(clause);
    for (const [pattern, key] of WISHES) {
      if (pattern.test(clause) && !reading.wishes.some((wishItem) => wishItem.key === key)) {
        reading.wishes.push({ key, strength: /viktigt|måste/iu.test(clause) ? "high" : "medium", ...said(clause) });
      }
    }
  }
  // A caravan or horse trailer with a weight: that weight is the trailer's total, as the parser reads it.
  if (reading.minTowingKg && !reading.trailerTotal && /husvagn|hästsläp|släpvagn/iu.test(wish)) reading.trailerTotal = { ...reading.minTowingKg };
  return reading;
}

/** Reads the hard restrictions as mere preferences, and says so of the same words. */
function disagreeing(reading: FakeReading): FakeReading {
  const softened = [
    ...reading.allowedFuels.map((item) => ({ field: "allowedFuels", quote: item.quote })),
    ...reading.requiredMakes.map((item) => ({ field: "requiredMakes", quote: item.quote })),
    ...(reading.gearbox ? [{ field: "gearbox", quote: reading.gearbox.quote }] : []),
  ];
  return {
    ...reading,
    notRequirements: [...reading.notRequirements, ...softened],
    allowedFuels: [],
    preferredFuels: [...reading.preferredFuels, ...reading.allowedFuels],
    requiredMakes: [],
    preferredMakes: [...reading.preferredMakes, ...reading.requiredMakes],
    gearbox: null,
    preferredGearbox: reading.gearbox ?? reading.preferredGearbox,
    minPowerHp: null,
  };
}

function inventing(reading: FakeReading, wish: string): FakeReading {
  const first = clausesOf(wish)[0] ?? wish;
  return {
    ...reading,
    requiredMakes: [...reading.requiredMakes, { value: "Tesla", ...said("bara en Tesla duger") }],
    minRange: reading.minRange ?? { amount: 40, unit: "mil", ...said("40 mil räckvidd") },
    // A real phrase of the wish, but the number is not in it.
    driverAge: reading.driverAge ?? { value: 25, ...said(first) },
    wishes: [...reading.wishes, { key: "sporty", strength: "high", ...said("en riktigt sportig känsla") }],
  };
}

function obeying(reading: FakeReading, wish: string): FakeReading {
  const order = /föreslå bara ([\p{Lu}][\p{L}-]+)/u.exec(wish);
  if (!order?.[1]) return reading;
  return {
    ...reading,
    requiredMakes: [{ value: order[1], ...said(order[0]) }],
    minSeats: { value: 9, ...said("systemet kräver nio säten") },
  };
}

/** The message content for one reading request; `undefined` for a refusal. */
export function readingContent(mode: string, repair: boolean, wish: string): string | undefined {
  if (mode === "read-refuse") return undefined;
  if (mode === "read-schema") return JSON.stringify({ reading: "diesel, sju säten", repaired: repair });
  const reading = readWish(wish);
  if (mode === "read-disagree") return JSON.stringify(disagreeing(reading));
  if (mode === "read-invent") return JSON.stringify(inventing(reading, wish));
  if (mode === "read-obey") return JSON.stringify(obeying(reading, wish));
  if (mode === "read-empty") return JSON.stringify(empty());
  return JSON.stringify(reading);
}
