import type { WishKey } from "#app/lib/requirements";
import { airSuspension, parkingHeater } from "#app/server/cars/equipment.server";
import type { CardFacts } from "./card-facts.server";

// Claims beyond figures: a missing fact, a battery, equipment, the buyer's trips and requirements.

type Finding = { rule: ClaimRuleName; why: string; rewrite?: string };
type ClaimRule = (sentence: string, facts: CardFacts) => Finding | null;
export const CLAIM_RULES = ["missing-fact", "battery", "equipment", "trips", "requirement", "wishes", "praise", "insurance"] as const;
export type ClaimRuleName = (typeof CLAIM_RULES)[number];

// \b knows only ASCII letters: Swedish words are bounded by "no letter or digit".
const word = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives})(?![\\p{L}\\p{N}])`, "iu");
const NEGATED = word("ingen|inget|inte|saknar|utan|ej|aldrig|varken|slipper");

const ABSENT = word("inget|ingen|saknar|utan|okänt|okänd");
const ABSENT_FACT = /(resultat|uppgift\p{L}*|test\p{L}*|data)(?![\p{L}])/iu;
// A conclusion drawn from the absence: "så säkerhetsnivån är lägre", "vilket tyder på sämre".
const CONCLUSION = /[,;:]?\s*(så|alltså|därför|vilket|och därmed)\s+[^.!?]*(lägre|sämre|låg|låga|osäker\p{L}*|svag\p{L}*|brist\p{L}*|underkänd)(?![\p{L}])/iu;

const NO_NCAP = /(inget|saknar)\s+(\p{L}+\s+){0,2}Euro NCAP-resultat/iu;

const missingFactRule: ClaimRule = (sentence, facts) => {
  if (facts.variant.ncap && NO_NCAP.test(sentence)) return { rule: "missing-fact", why: "säger att Euro NCAP-resultat saknas, men faktarutan visar stjärnor" };
  if (!ABSENT.test(sentence) || !ABSENT_FACT.test(sentence)) return null;
  const conclusion = CONCLUSION.exec(sentence);
  if (!conclusion) return null;
  const kept = sentence.slice(0, conclusion.index).trim();
  return { rule: "missing-fact", why: "ett saknat resultat läst som ett lågt", ...(kept.length > 10 ? { rewrite: `${kept}.` } : {}) };
};

const KWH = /(\d+(?:,\d+)?)\s*kWh(?!\s*(per|\/))/giu;
const USABLE = word("användbar\\p{L}*|netto|nyttig\\p{L}*");
const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;

const batteryRule: ClaimRule = (sentence, facts) => {
  const battery = facts.variant.batteryKwh;
  if (battery === undefined) return null;
  const named = facts.namedBatteryKwh;
  // The name says "4S 105 kWh": a bare "97 kWh" beside it reads as another battery unless called usable.
  for (const match of sentence.matchAll(KWH)) {
    const value = Number(match[1]!.replace(",", "."));
    if (named !== undefined && near(value, named, 0.05)) continue;
    if (near(value, battery, 0.5)) {
      if (named === undefined || near(named, battery, 0.5) || USABLE.test(sentence)) continue;
      return { rule: "battery", why: `batteri ${value} kWh utan "användbart" på ett kort som heter ${named} kWh` };
    }
    return { rule: "battery", why: `batteri ${value} kWh, fakta ${battery} kWh` };
  }
  return null;
};

const OPTION_SAID = word("tillval\\p{L}*|extrautrustning|om bilen har|finns med|kan ha|kunde fås");
const TOWBAR_TYPE = /\s*(med\s+)?(elektrisk\p{L}*\s+)?(utfällbar|infällbar|avtagbar|fast)\s+(drag)?krok(en)?/iu;
const AIR = word("luftfjädring\\p{L}*");
const HEATER = word("parkeringsvärmare\\p{L}*|dieselvärmare\\p{L}*|bränslevärmare\\p{L}*|webasto");

const equipmentRule: ClaimRule = (sentence, facts) => {
  if (OPTION_SAID.test(sentence) || NEGATED.test(sentence)) return null;
  // The catalogue states no towbar type for any variant; the towing weight is the fact.
  const towbar = TOWBAR_TYPE.exec(sentence);
  if (towbar) {
    const rewrite = `${sentence.slice(0, towbar.index)}${sentence.slice(towbar.index + towbar[0].length)}`.replace(/\s+([,.])/g, "$1");
    return { rule: "equipment", why: `krokens typ (${towbar[0].trim()}) står inte i fakta`, rewrite };
  }
  if (AIR.test(sentence) && airSuspension(facts.variant) !== "standard")
    return { rule: "equipment", why: `luftfjädring: ${airSuspension(facts.variant)} enligt fakta` };
  if (HEATER.test(sentence) && parkingHeater(facts.variant) !== "standard")
    return { rule: "equipment", why: `parkeringsvärmare: ${parkingHeater(facts.variant)} enligt fakta` };
  return null;
};

const BUYER_TRIPS = /(?<![\p{L}])(dina|din)\s+(dagliga\s+|vardagliga\s+|egna\s+)?(resor|pendling\p{L}*|körning\p{L}*|turer|\d[\d\s\u00a0]*mil)(?![\p{L}])/iu;

const tripsRule: ClaimRule = (sentence, facts) => {
  if (facts.tripsStated) return null;
  const match = BUYER_TRIPS.exec(sentence);
  return match ? { rule: "trips", why: `"${match[0]}", men köparen angav ingen körsträcka` } : null;
};

const REQUIREMENT_SENTENCE = /^Dina krav stämmer in på/u;

const requirementRule: ClaimRule = (sentence, facts) => {
  if (!REQUIREMENT_SENTENCE.test(sentence)) return null;
  // The car's own name may say "automat" or "4x4".
  const listed = facts.names.reduce((text, name) => (name.length < 3 ? text : text.replaceAll(name, "")), sentence.slice(sentence.indexOf(":") + 1));
  const hard = facts.hard;
  const seats = /(\d)\s*säten/u.exec(listed);
  if (seats) {
    // As the buyer asked: "minst 5 säten", never only the car's own count.
    const asked = hard.minSeats !== undefined && new RegExp(`minst ${hard.minSeats} säten`, "u").test(listed);
    if (!asked) return { rule: "requirement", why: `säten utan köparens krav (minst ${hard.minSeats ?? "–"})` };
    const standard = /(\d)\s*säten(?: som standard)?,\s*\d+ med[^.;]*tillval/u.exec(listed);
    if (standard && Number(standard[1]) < (hard.minSeats ?? 0)) return { rule: "requirement", why: "sätena kravet gäller är tillval, inte standard" };
  }
  if (word("automatlåda|automat").test(listed) && hard.gearbox !== "automat") return { rule: "requirement", why: "automat utan krav på automat" };
  if (word("manuell växellåda").test(listed) && hard.gearbox !== "manuell") return { rule: "requirement", why: "manuell utan krav på manuell" };
  if (word("fyrhjulsdrift").test(listed) && !hard.awd) return { rule: "requirement", why: "fyrhjulsdrift utan krav" };
  if (word("dragvikt").test(listed) && hard.minTowingKg === undefined) return { rule: "requirement", why: "dragvikt utan krav" };
  if (/dragvikt (?:cirka|runt|omkring|ungefär)/iu.test(listed)) return { rule: "requirement", why: "okontrollerad dragvikt som ett uppfyllt krav" };
  if (/precis vad du behöver/iu.test(listed)) return { rule: "requirement", why: "dragvikt utan marginal som ett uppfyllt krav" };
  if (word("räckvidd").test(listed) && hard.minRangeKm === undefined) return { rule: "requirement", why: "räckvidd utan krav" };
  return null;
};

const OWN_WISHES = word("dina önskemål|ditt önskemål|du önskade|du bad om");
const from = (alternatives: string) => new RegExp(`(?<![\\p{L}])(${alternatives})`, "iu");
/** How a card names each wish; "säker" starts a word, so "driftsäkerhet" is reliability, not safety. */
const WISH_WORDS: Record<WishKey, RegExp> = {
  comfort: from("komfort|bekväm"),
  economy: from("låg driftskostnad|låga driftskostnad|låg förbrukning|bränslesnål|snål"),
  safety: from("säker|trafiksäker|krocksäker"),
  space: from("utrymme|rymlig|gott om plats|mycket plats|bagage"),
  reliability: from("driftsäker|pålitlig"),
  sporty: from("körglädje|sportig|roliga köregenskaper"),
  highSeating: from("hög sittposition|högt sittande|sittposition"),
  groundClearance: from("markfrigång"),
  lowInsurance: from("låg försäkring|försäkringskostnad"),
  cityFriendly: from("lätt att parkera|lättparkerad|stadskörning|smidig"),
  environment: from("utsläpp|miljö"),
  cheapToBuy: from("lågt inköpspris|inköpspris"),
  awd: from("fyrhjulsdrift"),
  towing: from("dragkrok"),
  longTrips: from("långresor|långa resor|långfärd"),
  airSuspension: from("luftfjädring"),
  parkingHeater: from("parkeringsvärmare"),
  quiet: from("tyst"),
  lowRange: from("lågväxel"),
};

const SWAPPED_WISH = from("låga? driftskostnad");

/** "… uppfyller dina önskemål om komfort och långresor" only names wishes the buyer stated, never ones we inferred. */
const wishesRule: ClaimRule = (sentence, facts) => {
  const own = OWN_WISHES.exec(sentence);
  if (!own) return null;
  const named = sentence.slice(own.index + own[0].length);
  if (SWAPPED_WISH.test(named)) return { rule: "wishes", why: "kallar köparens önskemål låg driftskostnad; läsningen visar det som låg förbrukning" };
  const unstated = (Object.keys(WISH_WORDS) as WishKey[]).filter((key) => !facts.statedWishes.includes(key) && WISH_WORDS[key].test(named));
  return unstated.length > 0 ? { rule: "wishes", why: `kallar ${unstated.join(", ")} köparens önskemål, men köparen angav det inte` } : null;
};

const MEETS = word("möter|uppfyller|och det har");
const SCORE = /(\d{1,3}) av 100/gu;
const WEAK_SCORE = 65;
const NEWEST_NCAP = /nyast Euro NCAP-resultat[^.]*?(\d) stjärnor/iu;

const praiseRule: ClaimRule = (sentence) => {
  const ncap = NEWEST_NCAP.exec(sentence);
  if (ncap && Number(ncap[1]) < 4) return { rule: "praise", why: `${ncap[1]} stjärnor i Euro NCAP framhålls som ett skäl` };
  if (!MEETS.test(sentence) || !from("önskemål|antog vi att du vill ha").test(sentence)) return null;
  const low = [...sentence.matchAll(SCORE)].map((match) => Number(match[1])).find((score) => score < WEAK_SCORE);
  return low === undefined ? null : { rule: "praise", why: `${low} av 100 sägs uppfylla ett önskemål, men under ${WEAK_SCORE} är det en svaghet` };
};

const INSURANCE_COMPARED =
  /(försäkringen|försäkringskostnaden)(?![\p{L}])[^.]{0,80}?(?<![\p{L}])(lägst|högst|billigast|dyrast)(?![\p{L}])|(?<![\p{L}])(billig|billigare|dyr|dyrare) att försäkra/iu;
const LEVEL = from("halvförsäkring|helförsäkring");

const insuranceRule: ClaimRule = (sentence, facts) => {
  if (facts.insuranceLevel === undefined || !INSURANCE_COMPARED.test(sentence) || LEVEL.test(sentence)) return null;
  return { rule: "insurance", why: `jämför försäkringen utan att säga nivån (${facts.insuranceLevel}försäkring)` };
};

export const CLAIM_RULE_FUNCTIONS: Record<ClaimRuleName, ClaimRule> = {
  "missing-fact": missingFactRule,
  battery: batteryRule,
  equipment: equipmentRule,
  trips: tripsRule,
  requirement: requirementRule,
  wishes: wishesRule,
  praise: praiseRule,
  insurance: insuranceRule,
};
