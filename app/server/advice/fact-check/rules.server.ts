import type { BodyType } from "#app/lib/car-facts";
import { formatNumber } from "#app/lib/format";
import { flawText, isVerified, type UnverifiedField } from "#app/server/cars/variant.server";
import { type CardFacts, powerClass } from "./card-facts.server";
import { otherYears } from "./year-spans.server";
import { CLAIM_RULE_FUNCTIONS, CLAIM_RULES } from "./claim-rules.server";
import { PAGE_RULE_FUNCTIONS, PAGE_RULES } from "./page-rules.server";
import { WORDING_RULE_FUNCTIONS, WORDING_RULES } from "./wording-rules.server";

// Pure and deterministic, so the guard and the evaluation apply exactly the same judgement.

export const RULES = [
  "tax",
  "body",
  "figure",
  "years",
  "plug-in",
  "power-words",
  "unverified",
  "language",
  ...CLAIM_RULES,
  ...WORDING_RULES,
  ...PAGE_RULES,
] as const;
/** Card- and list-wide rules: one value per fact on a card, the weakest rating named, no two cards at odds, a marked window. */
export const CARD_RULES = ["one-value", "weakest", "list-contradiction", "list-claims", "window"] as const;
export type RuleName = (typeof RULES)[number];
export type Finding = { rule: RuleName | (typeof CARD_RULES)[number]; why: string; rewrite?: string };
export type Rule = (sentence: string, facts: CardFacts) => Finding | null;

const NUMBER = "(\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+|\\d+)";
const DECIMAL = "(\\d+(?:,\\d+)?)";
const toNumber = (text: string) => Number(text.replace(/[\s\u00a0\u202f]/gu, "").replace(",", "."));
const NEGATED = /\b(ingen|inget|inte|slipper|utan|ej|aldrig|varken)\b/i;
// \b knows only ASCII letters: words starting or ending in å, ä, ö need these lookarounds.
const COMPARISON = /(?<![\p{L}\p{N}])(än|jämfört|till skillnad|mot|liksom|syskon\p{L}*|versionen)(?![\p{L}\p{N}])|från \d[\d ]* till/iu;
const CALM_NOT_BRISK = /lugn än pigg/giu;
const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;

export function replaceAt(sentence: string, index: number, length: number, value: number): string {
  const figure = Number.isInteger(value) ? formatNumber(value) : String(Math.round(value * 10) / 10).replace(".", ",");
  return `${sentence.slice(0, index)}${figure}${sentence.slice(index + length)}`;
}

const MALUS = /\bmalus\w*/i;
const BONUS = /\b(klimat)?bonus(en)?\b/i;
const TAX_AMOUNT = new RegExp(`\\b(fordons)?skatt\\w*[^.!?]{0,40}?${NUMBER}\\s*(kr\\b|kronor)`, "iu");
const HIGH_TAX = /\b(hög|höga|dyr|dyra)\s+(fordons)?skatt|skatt\w*\s+(är\s+|blir\s+)?(\w+\s+){0,4}(hög|dyr)\b/i;
const LOW_TAX = /\b(låg|låga|billig)\s+(fordons)?skatt|skatt\w*\s+(är\s+|blir\s+)?(bara\s+|endast\s+)?(låg|billig)\b/i;
const LOW_TAX_UP_TO = 1_500;
const HIGH_TAX_FROM = 3_000;

const taxRule: Rule = (sentence, facts) => {
  const years = facts.taxes;
  if (years.length === 0) return null;
  // A sentence about other model years ("från 2022") says nothing about the recommended ones.
  const named = [...sentence.matchAll(/\b(19[89]\d|20[0-3]\d)\b/g)].map((match) => Number(match[1]));
  if (named.length > 0 && named.every((year) => year < facts.yearFrom || year > facts.yearTo)) return null;
  const negated = NEGATED.test(sentence);
  if (MALUS.test(sentence)) {
    if (!negated && !years.some((year) => year.malus)) return { rule: "tax", why: "malus, men skatten för de rekommenderade åren innehåller ingen malus" };
    if (negated && years.every((year) => year.alwaysMalus)) return { rule: "tax", why: "ingen malus, men alla rekommenderade år betalar malus" };
  }
  // The bonus ended on 8 November 2022 and never went to a used-car buyer.
  if (BONUS.test(sentence) && !negated && /\b(får|ger|betalas|fick du)\b/i.test(sentence)) return { rule: "tax", why: "bonus till en begagnatköpare" };
  const amounts = years.flatMap((year) => year.amounts);
  const amount = TAX_AMOUNT.exec(sentence);
  if (amount?.[2]) {
    const value = toNumber(amount[2]);
    if (!amounts.some((known) => near(value, known, Math.max(100, known * 0.03)))) {
      return { rule: "tax", why: `skatt ${value} kr, beräknad ${[...new Set(amounts)].join("/")} kr` };
    }
  }
  const highest = Math.max(...amounts);
  const lowest = Math.min(...amounts);
  if (!negated && HIGH_TAX.test(sentence) && highest < HIGH_TAX_FROM) return { rule: "tax", why: `hög skatt, men högst ${highest} kr` };
  if (!negated && LOW_TAX.test(sentence) && lowest > LOW_TAX_UP_TO) return { rule: "tax", why: `låg skatt, men minst ${lowest} kr` };
  return null;
};

const BODY_WORDS: Record<BodyType, RegExp> = {
  kombi: /\b(kombi(n|bil|bilen|bilar|bilarna|versionen|modellen)?|sportswagon\w*|sports ?tourer\w*|tourer|avant|touring|estate)\b(?![-\s]?(storlek|klass))/gi,
  // "sedan" is also "then" and "since": only forms and company that make it the body.
  sedan:
    /(\b(sedanen|sedanversionen|sedanmodellen|sedaner|limousine)\b|\b(en|som|i|vanlig) sedan\b|\bsedan-versionen|\bsedan (och|eller) (halv)?kombi|\b(halv)?kombin? (och|eller) sedan)/gi,
  halvkombi: /\b(halvkombi\w*|hatchback\w*)/gi,
  suv: /\b(suv\w*)(?![-\s]?(storlek|klass))/gi,
  familjebuss: /\b(familjebuss\w*|minibuss\w*|mpv\w*)/gi,
  coupe: /\b(coup[ée]\w*)/gi,
  cab: /\b(cab|cabben|cabriolet\w*)\b/gi,
  pickup: /\b(pickup\w*|lastflak\w*)/gi,
  skapbil: /\b(skåpbil\w*|skåpet)\b/gi,
};

/** The sentence with the car's names blanked (same length): a name may carry a body word or a power. */
function withoutNames(sentence: string, names: readonly string[]): string {
  let text = sentence;
  for (const name of names) {
    // A bare model number ("3", "4") is no name to blank: it would blank every such figure.
    if (name.length < 3) continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"), " ".repeat(name.length));
  }
  return text;
}

export function bodiesNamed(sentence: string, facts: CardFacts): { type: BodyType; index: number }[] {
  const text = withoutNames(sentence, facts.names);
  const found: { type: BodyType; index: number }[] = [];
  for (const [type, pattern] of Object.entries(BODY_WORDS) as [BodyType, RegExp][]) {
    pattern.lastIndex = 0;
    const match = pattern.exec(text);
    // A body word in the variant's own name ("Vito Tourer") names the car; "som en kombi" compares.
    const own = match && `${facts.variant.model} ${facts.variant.name}`.toLowerCase().includes(match[0].toLowerCase());
    const aside = match && /(som en|nästan som|bygger på[^.!?]*|finns (också|även) som)\s*$/i.test(text.slice(0, match.index));
    if (match && !own && !aside) found.push({ type, index: match.index });
  }
  // Volkswagen's estates are "Variant" (capitalised; "varianten" is just "the variant").
  const variant = /(?<![\p{L}])Variant(?![\p{L}])/u.exec(text);
  if (variant && !found.some((entry) => entry.type === "kombi")) found.push({ type: "kombi", index: variant.index });
  return found;
}

const bodyRule: Rule = (sentence, facts) => {
  const named = bodiesNamed(sentence, facts);
  if (named.length === 0) return null;
  const offered = new Set(facts.variant.bodies.map((body) => body.type));
  const comparison = COMPARISON.exec(sentence);
  const claimed = named.filter((entry) => !comparison || entry.index < comparison.index);
  const negated = NEGATED.test(sentence);
  for (const entry of claimed) {
    if (!offered.has(entry.type) && !negated) return { rule: "body", why: `${entry.type}, men varianten finns inte som ${entry.type}` };
  }
  // Two of the variant's bodies describe the model; one other than the card's is a false claim.
  const others = claimed.filter((entry) => entry.type !== facts.body.type);
  if (claimed.length === 1 && others.length === 1 && !negated && !/\b(finns (också|även)|även som|också som|som \w+ (blir|får|har))\b/i.test(sentence)) {
    return { rule: "body", why: `${others[0]!.type} på ett kort för ${facts.body.type}` };
  }
  return null;
};

type FigureKind = "boot" | "range" | "winterRange" | "power";
export type Figure = { kind: FigureKind; value: number; index: number; length: number };

const BOOT_CONTEXT = /\b(bagage\p{L}*|rymmer|lastutrymme\p{L}*|bagageutrymme\p{L}*|lastvolym\p{L}*)/iu;
const FOLDED = /\b(fälld\w*|nedfälld\w*|upp till|max\w*|som mest|fäller|lastgolv)\b/i;
const RANGE_CONTEXT = /\b(räckvidd\w*|elräckvidd\w*|batteriet\b[^.!?]*\bräcker|räcker\b[^.!?]*\b(laddning|på el))/i;
const WINTER = /\b(kyla|kylan|vinter\w*|minusgrader|kallt|kalla|frost\w*)\b/i;
const SHRINKS_TO = /\b(krymper|sjunker|minskar|faller|tappar)\b[^.!?]{0,40}\btill\s+(ungefär\s+|cirka\s+|runt\s+)?$/i;

export function figuresIn(written: string, names: readonly string[] = []): Figure[] {
  const sentence = withoutNames(written, names);
  const out: Figure[] = [];
  if (BOOT_CONTEXT.test(sentence) && !FOLDED.test(sentence)) {
    // Not "0,47 liter per mil": that is consumption.
    for (const match of sentence.matchAll(new RegExp(`(?<![\\d,])${NUMBER}(?=\\s*liter(?!\\s*(per|/)))`, "gu"))) {
      out.push({ kind: "boot", value: toNumber(match[1] ?? "0"), index: match.index, length: match[0].length });
    }
  }
  if (RANGE_CONTEXT.test(sentence)) {
    // The buyer's own figures ("du vill ha minst 45 mil", "dina 6 mil om dagen") are not the car's.
    const mil = [...sentence.matchAll(new RegExp(`${DECIMAL}(?=\\s*mil\\b)`, "gu"))].filter(
      (match) =>
        !/^\s*mil\s+(om|per|varje|på mätaren)\b/i.test(sentence.slice(match.index + match[0].length)) &&
        !/(?<![\p{L}])(minst|dina|du vill ha|kräver|behöver|över)\s*$/iu.test(sentence.slice(0, match.index)),
    );
    const winter = WINTER.exec(sentence);
    mil.forEach((match, position) => {
      const before = sentence.slice(0, match.index);
      const after = sentence.slice(match.index + match[0].length);
      const isWinter =
        winter !== null &&
        (mil.length > 1
          ? position === mil.length - 1
          : winter.index < match.index || SHRINKS_TO.test(before) || /^\s*mil\s+(i\s+)?(sträng\s+)?(vinter\p{L}*|kyla\p{L}*|minusgrader)/iu.test(after));
      out.push({ kind: isWinter ? "winterRange" : "range", value: toNumber(match[1] ?? "0"), index: match.index, length: match[0].length });
    });
  }
  // An electric motor's or an engine's own output is a part, not the car's power.
  if (/elmotor|systemeffekt|bensinmotorn på|dieselmotorn på/i.test(sentence)) return out;
  for (const match of sentence.matchAll(/(?<![\d,.])(\d{2,4})(?=\s*hk\b)/g))
    out.push({ kind: "power", value: Number(match[1]), index: match.index, length: match[0].length });
  return out;
}

const YEAR = /\b(19[89]\d|20[0-3]\d)\b/;

function truth(kind: FigureKind, facts: CardFacts, sentence: string): number | null {
  switch (kind) {
    case "boot":
      return facts.body.bootLitres;
    case "range":
      return facts.rangeMil ?? null;
    case "winterRange":
      return facts.winterRangeMil ?? null;
    case "power":
      return facts.powers.length === 1 && !YEAR.test(sentence) ? facts.powers[0]!.hp : null;
  }
}

const [RANGES, SEASON] = [new Set<FigureKind>(["range", "winterRange"]), /^\s*(mil\s+)?(sommartid|vintertid|i mild väderlek|i vinterkyla)/u];
const TOLERANCE: Record<FigureKind, (value: number) => number> = {
  boot: (value) => Math.max(5, value * 0.03),
  range: () => 0,
  winterRange: () => 0,
  power: () => 0,
};

const figureRule: Rule = (sentence, facts) => {
  // A comparison names another version's figure ("mot 1 650 kg i AWD-i", "mer än 150 hk-versionen"); "lugn än pigg" compares none.
  const compared = COMPARISON.test(sentence.replace(CALM_NOT_BRISK, ""));
  const bodies = bodiesNamed(sentence, facts).length > 1 ? facts.variant.bodies.map((body) => body.bootLitres ?? 0) : null;
  for (const figure of figuresIn(sentence, facts.names)) {
    if (compared && !(RANGES.has(figure.kind) && SEASON.test(sentence.slice(figure.index + figure.length)))) continue;
    if (figure.kind === "power" && facts.namedPowers.includes(figure.value)) continue;
    // A power qualified by years ("196 hk från 2023") is judged by the years rule.
    if (figure.kind === "power" && YEAR.test(sentence)) continue;
    if (figure.kind === "boot" && bodies) {
      if (!bodies.some((litres) => near(figure.value, litres, TOLERANCE.boot(litres)))) return { rule: "figure", why: `bagage ${figure.value} liter` };
      continue;
    }
    const expected = truth(figure.kind, facts, sentence);
    const rough = /(?<![\p{L}])(runt|cirka|ca|omkring|ungefär|drygt|nästan|knappt|över)\s*$/iu.test(sentence.slice(0, figure.index));
    if (
      expected === null ||
      near(
        figure.value,
        expected,
        rough && !RANGES.has(figure.kind) ? Math.max(TOLERANCE[figure.kind](expected), expected * 0.05) : TOLERANCE[figure.kind](expected),
      )
    )
      continue;
    return {
      rule: "figure",
      why: `${figure.kind} ${figure.value}, fakta ${expected}`,
      rewrite: replaceAt(sentence, figure.index, figure.length, expected),
    };
  }
  return null;
};

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

const yearsRule: Rule = (sentence, facts) => {
  const other = otherYears(sentence, facts.yearFrom, facts.yearTo);
  if (other) return { rule: "years", why: other };
  const said = normal(sentence);
  for (const flaw of facts.variant.knownFlaws) {
    if (typeof flaw === "string") continue;
    const [from, to] = flaw.years;
    if (from <= facts.yearTo && to >= facts.yearFrom) continue;
    if (said.includes(normal(flawText(flaw)).replace(/[.!?]$/, "")))
      return { rule: "years", why: `fel för ${from}–${to}, rekommenderat ${facts.yearFrom}–${facts.yearTo}` };
  }
  // One power stated for years that had two ("184 hk" for 2017–2019 when 2017–2018 had 160).
  if (facts.powers.length > 1 && !YEAR.test(sentence) && !COMPARISON.test(sentence)) {
    const stated = figuresIn(sentence, facts.names).find((figure) => figure.kind === "power" && !facts.namedPowers.includes(figure.value));
    if (stated)
      return {
        rule: "years",
        why: `${stated.value} hk gäller inte alla år ${facts.yearFrom}–${facts.yearTo} (${facts.powers.map((p) => `${p.from}–${p.to}: ${p.hp}`).join(", ")})`,
      };
  }
  return null;
};

const MOST_ON_ELECTRICITY =
  /\b((de flesta|merparten|största delen|nästan alla|alla|hela)\s+(av\s+)?(dina\s+)?(dagliga\s+|vardagliga\s+)?(resor\w*|pendling\w*|körning\w*|turer\w*|vardagskörning\w*)[^.!?]{0,30}\bpå el|räcker\s+(för|till)\s+(de flesta|nästan alla|alla|hela)\s+(av\s+)?(dina\s+)?(dagliga\s+)?(resor|pendling\w*|körning\w*)|pendla\w*\s+(helt\s+)?på el)/i;
const PART_ON_ELECTRICITY =
  /\b(räcker\s+bara\s+(till|för)\s+en del|bara\s+en del\s+av\s+(dina\s+)?(dagliga\s+)?(resor|pendling\w*|körning\w*)|räcker\s+inte\s+(till|för)\s+(hela|dina|alla))/i;

const plugInRule: Rule = (sentence, facts) => {
  if (facts.variant.fuel !== "laddhybrid" || facts.rangeMil === undefined) return null;
  // "korta pendlingar" and "de kortaste" claim nothing about this buyer's distance.
  if (/\bkort\w*\b/i.test(sentence)) return null;
  const covers = facts.rangeMil >= facts.dailyMil;
  const daily = formatNumber(Math.round(facts.dailyMil * 10) / 10);
  if (MOST_ON_ELECTRICITY.test(sentence) && !covers)
    return { rule: "plug-in", why: `de flesta resor på el, men elräckvidden ${facts.rangeMil} mil < ${daily} mil om dagen` };
  if (PART_ON_ELECTRICITY.test(sentence) && covers)
    return { rule: "plug-in", why: `bara en del på el, men elräckvidden ${facts.rangeMil} mil ≥ ${daily} mil om dagen` };
  // The catalogue's blend is a mild-weather share: in a northern winter the battery holds a third less.
  if (facts.winter && SUMMER_SHARE.test(sentence)) return { rule: "plug-in", why: "den blandade förbrukningens elandel sägd till en vinterköpare" };
  const cost = ENERGY_PER_MIL.exec(sentence);
  if (cost && facts.energyPerMil !== undefined && Math.abs(Number(cost[1]!.replace(",", ".")) - facts.energyPerMil) > 1)
    return { rule: "plug-in", why: `energin ${cost[1]} kr per mil, beräknat ${formatNumber(Math.round(facts.energyPerMil))} kr` };
  return null;
};
const ENERGY_PER_MIL = /(\d+(?:,\d+)?)\s*kr per mil/u;
const SUMMER_SHARE = /\d+\s*%\s*av milen går på el[^.]*blandade förbrukning/iu;

const SLOW = /\b(lugn än pigg|mer lugn|seg|segt|trög|trögt|orkeslös\w*|kraftlös\w*|klen|svagt motoriserad|saknar kraft|ont om kraft|underpowered)\b/i;
const VERY_SLOW = /\b(seg|segt|trög|trögt|orkeslös\w*|kraftlös\w*|klen)\b/i;
const FAST =
  /\b(pigg|piggt|kvick|kvickt|rapp|kraftfull\w*|stark motor|starka motor\w*|gott om kraft|mycket kraft|sportig acceleration|snabb acceleration|accelererar snabbt|snabb bil)\b/i;

const powerWordsRule: Rule = (sentence, facts) => {
  const v = facts.variant;
  const klass = powerClass(v.powerHp, v.curbWeightKg);
  const said = `${v.powerHp} hk på ${formatNumber(v.curbWeightKg)} kg`;
  // Slow words about a gearbox or a cold start ("lådan känns trög", "startar trögt") are no power claim.
  const aboutPower = !/\b(låda|lådan|växellåda\w*|startar|start|kallstart\w*)\b/i.test(sentence);
  if (aboutPower && SLOW.test(sentence) && !NEGATED.test(sentence) && (klass === "brisk" || klass === "fast")) {
    return { rule: "power-words", why: `${VERY_SLOW.test(sentence) ? "seg" : "långsam"}, men ${said}` };
  }
  // "snabb laddning" speaks of charging, "snabbt slut" of something else: only driving claims count.
  const fast = FAST.exec(sentence.replace(/lugn än pigg/gi, ""));
  if (fast && !NEGATED.test(sentence) && !/\b(ladd\w*|service|leverans|byte|svar)\b/i.test(sentence) && klass === "slow") {
    if (!/\b(stad|stan|stadstrafik|start|från stillastående)\b/i.test(sentence)) return { rule: "power-words", why: `${fast[0]}, men ${said}` };
  }
  return null;
};

const HEDGE_BEFORE =
  /(?<![\p{L}])(cirka|ca\.?|runt|omkring|ungefär|drygt|knappt|nästan|upp till|uppemot|uppgivna|uppgivet|uppgiven|enligt uppgift|enligt tillverkaren)\s*$/iu;
const HEDGED = /(?<![\p{L}])(enligt uppgift|enligt tillverkaren|uppges|uppgivna|ej verifierad\p{L}*|overifierad\p{L}*)(?![\p{L}])/iu;

type Stated = { field: UnverifiedField; index: number; length: number };

function statedFigures(sentence: string, facts: CardFacts): Stated[] {
  const v = facts.variant;
  const text = withoutNames(sentence, facts.names);
  const out: Stated[] = [];
  const KIND_FIELD: Record<FigureKind, UnverifiedField> = { boot: "bootLitres", range: "rangeKm", winterRange: "rangeKm", power: "powerHp" };
  for (const figure of figuresIn(sentence, facts.names)) out.push({ field: KIND_FIELD[figure.kind], index: figure.index, length: figure.length });
  if (/(?<![\p{L}])(drar|dra|dragvikt\p{L}*|släp\p{L}*)(?![\p{L}])/iu.test(text)) {
    for (const match of text.matchAll(new RegExp(`${NUMBER}(?=\\s*kg)`, "gu"))) {
      if (toNumber(match[1] ?? "0") === v.towingKg) out.push({ field: "towingKg", index: match.index, length: match[0].length });
    }
  }
  for (const match of text.matchAll(new RegExp(`${NUMBER}(?=\\s*kg)`, "gu"))) {
    if (toNumber(match[1] ?? "0") === v.curbWeightKg && !out.some((entry) => entry.index === match.index))
      out.push({ field: "curbWeightKg", index: match.index, length: match[0].length });
  }
  if (v.batteryKwh !== undefined) {
    for (const match of text.matchAll(new RegExp(`${DECIMAL}(?=\\s*kWh(?!\\s*(per|/)))`, "gu"))) {
      if (near(toNumber(match[1] ?? "0"), v.batteryKwh, 0.5)) out.push({ field: "batteryKwh", index: match.index, length: match[0].length });
    }
  }
  return out;
}

const unverifiedRule: Rule = (sentence, facts) => {
  if (!facts.variant.unverified || HEDGED.test(sentence)) return null;
  const certain = statedFigures(sentence, facts)
    .filter((entry) => !isVerified(facts.variant, entry.field) && !HEDGE_BEFORE.test(sentence.slice(0, entry.index)))
    .sort((a, b) => b.index - a.index);
  if (certain.length === 0) return null;
  // "cirka" before every such figure, from the last so the earlier places stay right.
  let rewrite = sentence;
  for (const entry of certain) rewrite = `${rewrite.slice(0, entry.index)}cirka ${rewrite.slice(entry.index)}`;
  return { rule: "unverified", why: `overifierad uppgift som säker: ${[...new Set(certain.map((entry) => entry.field))].join(", ")}`, rewrite };
};

// English plurals and code values in Swedish prose ("720 liters bagage", "drivmedlet (el)")

const ENGLISH_PLURALS: Record<string, string> = { liters: "liter", litres: "liter", kilos: "kilo", kilometers: "kilometer", kilometres: "kilometer" };
const ENGLISH_PLURAL = new RegExp(`(?<=\\d\\s*)(${Object.keys(ENGLISH_PLURALS).join("|")})(?![\\p{L}])`, "iu");
const FUEL_NOUNS: Record<string, string> = { el: "elen", bensin: "bensinen", diesel: "dieseln", gas: "gasen" };
const FUEL_CODE = new RegExp(`(?<![\\p{L}])(drivmedlet|drivmedel|bränslet)\\s*\\((${Object.keys(FUEL_NOUNS).join("|")})\\)`, "iu");

const languageRule: Rule = (sentence) => {
  const plural = ENGLISH_PLURAL.exec(sentence);
  if (plural) {
    const word = plural[1]!;
    return {
      rule: "language",
      why: `engelsk plural: ${word}`,
      rewrite: replaceText(sentence, plural.index, word.length, ENGLISH_PLURALS[word.toLowerCase()]!),
    };
  }
  const code = FUEL_CODE.exec(sentence);
  if (code) {
    const noun = FUEL_NOUNS[code[2]!.toLowerCase()]!;
    const shown = /^\p{Lu}/u.test(code[0]) ? `${noun[0]!.toUpperCase()}${noun.slice(1)}` : noun;
    return { rule: "language", why: `kodvärde i texten: ${code[0]}`, rewrite: replaceText(sentence, code.index, code[0].length, shown) };
  }
  return null;
};

function replaceText(sentence: string, index: number, length: number, text: string): string {
  return `${sentence.slice(0, index)}${text}${sentence.slice(index + length)}`;
}

export const RULE_FUNCTIONS: Record<RuleName, Rule> = {
  tax: taxRule,
  body: bodyRule,
  figure: figureRule,
  years: yearsRule,
  "plug-in": plugInRule,
  "power-words": powerWordsRule,
  unverified: unverifiedRule,
  language: languageRule,
  ...CLAIM_RULE_FUNCTIONS,
  ...WORDING_RULE_FUNCTIONS,
  ...PAGE_RULE_FUNCTIONS,
};
