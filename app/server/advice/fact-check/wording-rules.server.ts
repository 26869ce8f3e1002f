import { formatNumber } from "#app/lib/format";
import type { CardFacts } from "./card-facts.server";

// What a Swedish car journalist would not sign although every figure is right.

type Finding = { rule: WordingRuleName; why: string; rewrite?: string };
type WordingRule = (sentence: string, facts: CardFacts) => Finding | null;
export const WORDING_RULES = ["wording", "power-winter", "warranty", "unsourced"] as const;
export type WordingRuleName = (typeof WORDING_RULES)[number];

const word = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives})(?![\\p{L}\\p{N}])`, "iu");
const replace = (sentence: string, index: number, length: number, text: string) => `${sentence.slice(0, index)}${text}${sentence.slice(index + length)}`;

const ORDINALS: Record<string, number> = { andra: 2, tredje: 3, fjärde: 4, femte: 5, sjätte: 6, sjunde: 7, åttonde: 8, nionde: 9, tionde: 10 };
const ORDINAL_THOUSAND = new RegExp(`(?<![\\p{L}])vart?\\s+(${Object.keys(ORDINALS).join("|")})\\s+tusen\\s+mil(?![\\p{L}])`, "iu");
const ORDINAL_MIL = new RegExp(`(?<![\\p{L}])vart?\\s+(${Object.keys(ORDINALS).join("|")})\\s+mil(?![\\p{L}])`, "iu");
const BARE_DEFINITE = /^(?:(?:Torra|Våta)\s+)?(?:Fem|Sex|Sju|Åtta|Nio|Tio)(?:stegade|växlade)\s|^(?:Luftkylda|Vätskekylda|Steglösa|Torra|Våta|Robotiserade)\s/u;
// A weak adjective before a definite noun wants its article: "Den tunga bilen", "den åttastegade automatlådan".
const WEAK_ADJECTIVE = [
  "tunga",
  "stora",
  "lilla",
  "nya",
  "gamla",
  "långa",
  "korta",
  "breda",
  "höga",
  "låga",
  "lätta",
  "svaga",
  "starka",
  "snåla",
  "tysta",
  "dyra",
]
  .concat(["enkla", "mjuka", "hårda", "största", "minsta", "tyngsta", "bästa", "sämsta"])
  .map((adjective) => `[${adjective[0]!.toUpperCase()}${adjective[0]}]${adjective.slice(1)}`)
  .concat(["\\p{L}+(?:iga|ade|ada)"])
  .join("|");
const ADJECTIVE_NO_ARTICLE = new RegExp(`(^|[;:]\\s+)(${WEAK_ADJECTIVE})\\s+(\\p{Ll}\\p{L}*(?:en|et|an|rn|ln|na))(?![\\p{L}])`, "u");
// "Trecylindriga 1.0 TSI i Kamiq": an engine's cylinder count before its name ("Tidiga 2017–2018 års XC60" is a plural, and right).
const CYLINDERS_NO_ARTICLE = /(^|[;:]\s+)([Tt]re|[Ff]yr|[Ff]em|[Ss]ex|[Åå]tta)cylindriga\s+(?=\d|\p{Lu})(\S+)/u;
const DRIVES_CONSUMPTION = /(?<![\p{L}])kör(\s+(?:runt|cirka|omkring|ungefär)\s+\d+(?:,\d+)?\s*(?:liter|l|kWh|kg)\b[^.!?]{0,20}?(?:per|\/)\s*mil)/iu;
const CAR_BEHIND = /(?<![\p{L}])bilen bakom\s+/iu;
const HIGH_SILL_EASY = /högt insteg[^.!?]*lätt att (kliva|stiga|ta sig)/iu;
const NESTED_BRACKETS = /\([^()]*\([^()]*\)[^()]*\)/u;
const FIRST_YEARS_UNNAMED = /än (de första|de tidiga) årens?(?![\p{L}])/iu;
const YEAR = /\b(19[89]\d|20[0-3]\d)\b/;
const HAS_ASSUMED = /antog vi att du vill ha[^.!?]*,\s*och det har(?![\p{L}])/iu;
const WISH_MET = /^Ditt önskemål om (.+) möter (.+?)( också)?\.$/u;
const MEETS_A_WISH = /(?<![\p{L}])möter(?![\p{L}])(?=[^.!?]*önskemål)|(?<=önskemål[^.!?]*)(?<![\p{L}])möter(?![\p{L}])/iu;
const JARGON = /(?<![\p{L}])(?:referensdata\p{L}*|fungerande felstatistik)(?![\p{L}])|^Sjusitsiga [^.;]*? var tillval/iu;
const PLURAL_THE_OTHER = /(?<![\p{L}])Fler utföranden[^.!?]*?det andra(?![\p{L}])/iu;
const LUGGAGE = /(?<![\p{L}])bagage(?:t|utrymme(?:t)?)?(?![\p{L}])/iu;
const BODY_VERSION = /\s+i (kombi|sedan|halvkombi|SUV|familjebuss|coupé|cab|pickup|skåpbil)-versionen(?![\p{L}])/iu;
const OWN_KIND: Record<CardFacts["variant"]["fuel"], string> = {
  laddhybrid: "laddhybrid",
  el: "elbil",
  elhybrid: "elhybrid|hybrid",
  diesel: "diesel|dieselbil",
  bensin: "bensinbil",
  e85: "etanolbil",
  gas: "gasbil|biogasbil",
};

const wordingRule: WordingRule = (sentence, facts) => {
  const dieselTax = dieselTaxRule(sentence, facts);
  if (dieselTax) return dieselTax;
  const behind = CAR_BEHIND.exec(sentence);
  if (behind) return { rule: "wording", why: '"bilen bakom" är inte svenska', rewrite: replace(sentence, behind.index, behind[0].length, "") };
  const drives = DRIVES_CONSUMPTION.exec(sentence);
  if (drives) return { rule: "wording", why: 'förbrukning med "kör runt"', rewrite: replace(sentence, drives.index, 3, "drar") };
  const ordinal = ORDINAL_THOUSAND.exec(sentence);
  if (ordinal) {
    const thousands = ORDINALS[ordinal[1]!.toLowerCase()]!;
    return { rule: "wording", why: `"${ordinal[0]}"`, rewrite: replace(sentence, ordinal.index, ordinal[0].length, `var ${thousands}\u00a0000:e mil`) };
  }
  const oil = /olj/iu.test(sentence) ? ORDINAL_MIL.exec(sentence) : null;
  if (oil) {
    const thousands = ORDINALS[oil[1]!.toLowerCase()]!;
    return {
      rule: "wording",
      why: `"${oil[0]}" är för tätt för ett oljebyte`,
      rewrite: replace(sentence, oil.index, oil[0].length, `var ${thousands}\u00a0000:e mil`),
    };
  }
  if (BARE_DEFINITE.test(sentence)) {
    const head =
      sentence
        .split(/\s+/u)
        .slice(1, 5)
        .find((w) => /(et|n|DSG|CVT)$/u.test(w)) ?? "";
    const article = head.endsWith("et") ? "Det" : "Den";
    return { rule: "wording", why: "bestämd form utan artikel", rewrite: `${article} ${sentence[0]!.toLowerCase()}${sentence.slice(1)}` };
  }
  const bare = ADJECTIVE_NO_ARTICLE.exec(sentence);
  if (bare) {
    const at = bare.index + bare[1]!.length;
    const noun = bare[3]!;
    const article = noun.endsWith("na") ? "de" : noun.endsWith("et") ? "det" : "den";
    const shown = at === 0 ? `${article[0]!.toUpperCase()}${article.slice(1)}` : article;
    return { rule: "wording", why: `"${bare[2]} ${noun}" utan artikel`, rewrite: replace(sentence, at, bare[2]!.length, `${shown} ${bare[2]!.toLowerCase()}`) };
  }
  const cylinders = CYLINDERS_NO_ARTICLE.exec(sentence);
  if (cylinders) {
    const at = cylinders.index + cylinders[1]!.length;
    const adjective = `${cylinders[2]!.toLowerCase()}cylindriga`;
    const next = /^\S+(?:\s+\S+)?/u.exec(sentence.slice(at + cylinders[0].length - cylinders[1]!.length - cylinders[3]!.length))?.[0] ?? "";
    const engine = /(motorn|dieseln)(?![\p{L}])/u.test(next) ? "" : " motorn";
    return {
      rule: "wording",
      why: `"${cylinders[2]}cylindriga ${cylinders[3]}" utan artikel`,
      rewrite: replace(sentence, at, adjective.length, `${at === 0 ? "Den" : "den"} ${adjective}${engine}`),
    };
  }
  // A sentence opens with a capital, unless it opens with the car's own name ("up!", "iX3", "e-Golf").
  if (/^\p{Ll}/u.test(sentence) && !facts.names.some((name) => name.length > 0 && sentence.startsWith(name)))
    return { rule: "wording", why: "meningen börjar med liten bokstav", rewrite: `${sentence[0]!.toUpperCase()}${sentence.slice(1)}` };
  const meets = MEETS_A_WISH.exec(sentence);
  if (meets) {
    const turned = WISH_MET.exec(sentence);
    const rewrite = turned
      ? `${turned[2]} uppfyller${turned[3] ?? ""} ditt önskemål om ${turned[1]}.`
      : replace(sentence, meets.index, meets[0].length, "uppfyller");
    return { rule: "wording", why: '"möter" om ett önskemål är anglicism', rewrite };
  }
  const jargon = JARGON.exec(sentence);
  if (jargon) return { rule: "wording", why: `"${jargon[0]}" skriver ingen motorjournalist` };
  const plural = PLURAL_THE_OTHER.exec(sentence);
  if (plural) return { rule: "wording", why: '"fler … det andra"', rewrite: replace(sentence, plural.index + plural[0].length - 9, 9, "de andra") };
  if (HIGH_SILL_EASY.test(sentence)) return { rule: "wording", why: "högt insteg gör det svårare, inte lättare, att kliva i" };
  if (NESTED_BRACKETS.test(sentence)) return { rule: "wording", why: "parentes i parentes" };
  if (FIRST_YEARS_UNNAMED.test(sentence) && !YEAR.test(sentence)) return { rule: "wording", why: '"de första åren" utan att säga vilka år' };
  if (HAS_ASSUMED.test(sentence)) return { rule: "wording", why: '"och det har" om ett antaget önskemål' };
  const version = BODY_VERSION.exec(sentence);
  if (version && facts.variant.bodies.length === 1)
    return {
      rule: "wording",
      why: `${version[0].trim()}, men varianten finns bara i en kaross`,
      rewrite: replace(sentence, version.index, version[0].length, ""),
    };
  // A catalogue sentence is checked on its own, with no card body: only a card's body can make it a van.
  const luggage = facts.body?.type === "skapbil" || facts.body?.type === "pickup" ? LUGGAGE.exec(sentence) : null;
  if (luggage)
    return {
      rule: "wording",
      why: `"${luggage[0]}" om en skåpbils eller pickups lastutrymme`,
      rewrite: replace(sentence, luggage.index, luggage[0].length, /t$/u.test(luggage[0]) ? "lastutrymmet" : "lastutrymme"),
    };
  const kind = word(`som en (${OWN_KIND[facts.variant.fuel]})`).exec(sentence);
  if (kind) return { rule: "wording", why: `jämför bilen med vad den är (${kind[0]})` };
  return null;
};

// Power never grips: on snow and ice it is drive, tyres and weight that keep the car on the road.
const HP = /\d{2,4}\s*hk(?![\p{L}])/u;
const WINTER = word("vinter\\p{L}*|snö\\p{L}*|halka\\p{L}*|is|isiga|halt|hala");
const SAFE = word("säker\\p{L}*|trygg\\p{L}*");

const powerWinterRule: WordingRule = (sentence) => {
  if (!HP.test(sentence) || !WINTER.test(sentence) || !SAFE.test(sentence)) return null;
  return { rule: "power-winter", why: "hästkrafter sägs ge säkerhet på vinterväg" };
};

// A warranty is a strength only while it runs: "sjuårsgaranti" on a car whose seven years have passed is cover that ended.
const NUMBER_WORDS: Record<string, number> = { tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, tio: 10 };
const COUNT = `\\d{1,2}|${Object.keys(NUMBER_WORDS).join("|")}`;
const WARRANTY = new RegExp(
  `(?<![\\p{L}])(${Object.keys(NUMBER_WORDS).join("|")})(?:års|åriga|årig)[ -]?(?:nybils|batteri)?garanti\\p{L}*|(?<![\\p{L}])(${COUNT}) års (?:nybils|batteri)?garanti|garanti\\p{L}* i (${COUNT}) år(?![\\p{L}])`,
  "iu",
);
const ENDED = word("gått ut|löpt ut|upphört|har slutat gälla|gjorde att|gav|följde");
const LEFT = word("kvar|gäller fortfarande|räkna ut om");

const warrantyRule: WordingRule = (sentence, facts) => {
  const extended = serviceWarrantyRule(sentence, facts);
  if (extended) return extended;
  const match = WARRANTY.exec(sentence);
  if (!match || ENDED.test(sentence)) return null;
  const said = (match[1] ?? match[2] ?? match[3])!.toLowerCase();
  const years = NUMBER_WORDS[said] ?? Number(said);
  const named = [...sentence.matchAll(/\b(20[0-3]\d)\b/g)].map((entry) => Number(entry[1]));
  const newest = named.length > 0 ? Math.max(...named) : facts.yearTo;
  const left = LEFT.test(sentence);
  if (newest + years > facts.referenceYear || (left && newest + years === facts.referenceYear)) return null;
  return { rule: "warranty", why: `${match[0]} från ny har gått ut för årsmodell ${newest} (${facts.referenceYear})${left ? ", inget finns kvar" : ""}` };
};

// Toyota Relax (up to 10 years or 16 000 mil, serviced at Toyota) holds only for a card's cars inside both limits.
const SERVICE_WARRANTY = /(Toyota|Lexus)\s*Relax|(Toyotas|Lexus) serviceprogram/iu;
const SERVICE_WARRANTY_YEARS = 10;
const SERVICE_WARRANTY_MIL = 16_000;

const serviceWarrantyRule = (sentence: string, facts: CardFacts) => {
  if (!SERVICE_WARRANTY.test(sentence)) return null;
  const age = facts.referenceYear - facts.yearTo;
  const over = age >= SERVICE_WARRANTY_YEARS || (facts.mileageTo ?? 0) > SERVICE_WARRANTY_MIL;
  return over
    ? {
        rule: "warranty" as const,
        why: `förlängd garanti upp till ${SERVICE_WARRANTY_YEARS} år eller ${SERVICE_WARRANTY_MIL} mil, men bilarna är ${age} år och upp till ${facts.mileageTo ?? "?"} mil`,
      }
    : null;
};

// "Dieseltillägget gör skatten flera tusen kronor högre": the card computes the surcharge, so a vague amount must hold against it.
const DIESEL_TAX = /diesel(?:tillägg|skatt)\p{L}*/iu;
const VAGUE_THOUSANDS = /(?<![\p{L}])(?:flera|många|några) tusen kronor|tusentals kronor/iu;
const SEVERAL_THOUSAND = 2_000;

const dieselTaxRule = (sentence: string, facts: CardFacts) => {
  const vague = DIESEL_TAX.test(sentence) ? VAGUE_THOUSANDS.exec(sentence) : null;
  const extras = (facts.taxes ?? []).flatMap((year) => year.dieselExtras);
  if (!vague || extras.length === 0 || Math.min(...extras) >= SEVERAL_THOUSAND) return null;
  const low = Math.round(Math.min(...extras) / 100) * 100;
  const high = Math.round(Math.max(...extras) / 100) * 100;
  const amount = low === high ? `cirka ${formatNumber(low)} kr` : `${formatNumber(low)}–${formatNumber(high)} kr`;
  return {
    rule: "wording" as const,
    why: `"${vague[0]}", men dieseltillägget är ${amount} om året`,
    rewrite: replace(sentence, vague.index, vague[0].length, `${amount} om året`),
  };
};

const SALES_CLAIM = word("(Sveriges|Europas|världens|Nordens) (mest sålda|vanligaste|populäraste|mest populära)");

const unsourcedRule: WordingRule = (sentence) => {
  const claim = SALES_CLAIM.exec(sentence);
  return claim ? { rule: "unsourced", why: `"${claim[0]}" utan källa` } : null;
};

export const WORDING_RULE_FUNCTIONS: Record<WordingRuleName, WordingRule> = {
  wording: wordingRule,
  "power-winter": powerWinterRule,
  warranty: warrantyRule,
  unsourced: unsourcedRule,
};
