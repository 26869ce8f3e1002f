import type { Variant } from "#app/server/cars/variant.server";
import type { CarTexts } from "./contracts.server";
import type { CardFacts } from "./fact-check/card-facts.server";
import { type CheckedSentence, checkCard } from "./fact-check/check-card.server";
import { rangeMil } from "./facts-text.server";
import { sentences } from "./sentences.server";

// Deterministic and cheap, so the evaluation measures exactly what it guarantees.

// JavaScript's \b knows only ASCII letters, so words are bounded by "no letter or digit" instead.
const word = (alternatives: string) => new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives})(?![\\p{L}\\p{N}])`, "iu");
const NEGATION = word("saknar|inte|ingen|inget|utan|ej|aldrig|varken|finns inte");
const NUMBER = "(\\d{1,3}(?:[ \\u00a0]\\d{3})*|\\d+)";
const toNumber = (text: string) => Number(text.replace(/[\s\u00a0]/g, ""));

/** A comparison with another version ("än fyrhjulsdriften", "mot 1 650 kg i AWD-i") claims nothing. */
const COMPARISON = word("än|mot|jämfört|till skillnad|versionen|varianten|syskon\\p{L}*");
const AWD_CLAIM = new RegExp(
  `(?<![\\p{L}\\p{N}])(har|med|tack vare|ger|får|erbjuder|standard)(?![\\p{L}\\p{N}])[^.]{0,30}(?<![\\p{L}\\p{N}])(fyrhjulsdri\\p{L}*|4wd|awd|4x4|allhjulsdri\\p{L}*)`,
  "iu",
);
const EV_CLAIM = word("(?:är|som|den här|denna|en ren)\\s+(?:en\\s+)?elbil(?:en)?");
const DIESEL_CLAIM = word("diesel(?:motor(?:n)?|n)?|adblue|partikelfilt\\p{L}*");

const SEVEN_SEATS = word("sju(?:sits\\p{L}*| säten| platser)");
const TOWING_WORDS = word("drar|dragvikt\\p{L}*|släp\\p{L}*");
/** The buyer's own weight or distance ("dina 1 800 kg", "du vill ha minst 30 mil"). */
const BUYER_WEIGHT = word("du behöver|dina|över|mer än");
const BUYER_RANGE = word("du vill|minst|kräver");

/** Deliberately narrow: only claims (has AWD, is an EV, N seats, tows N kg, reaches N mil); lacks and comparisons pass. */
export function contradiction(sentence: string, variant: Variant): string | null {
  const negated = NEGATION.test(sentence);
  const comparing = COMPARISON.test(sentence);
  if (!negated && !comparing && variant.drivetrain !== "awd" && AWD_CLAIM.test(sentence)) return "awd";
  if (!negated && !comparing && variant.fuel !== "el" && EV_CLAIM.test(sentence)) return "not-ev";
  const diesel = variant.fuel === "diesel" || variant.combustionFuel === "diesel";
  if (!negated && !comparing && !diesel && DIESEL_CLAIM.test(sentence)) return "not-diesel";
  for (const match of sentence.matchAll(new RegExp(`${NUMBER}\\s*(säten|sittplatser|platser)`, "gi"))) {
    if (toNumber(match[1] ?? "0") > variant.seats && !comparing) return "seats";
  }
  if (variant.seats < 7 && !negated && !comparing && SEVEN_SEATS.test(sentence)) return "seats";
  if (TOWING_WORDS.test(sentence) && !comparing) {
    for (const match of sentence.matchAll(new RegExp(`${NUMBER}\\s*kg`, "gi"))) {
      if (toNumber(match[1] ?? "0") > variant.towingKg && !BUYER_WEIGHT.test(sentence)) return "towing";
    }
  }
  if (/räckvidd/i.test(sentence) && variant.rangeKm !== undefined && !comparing) {
    for (const match of sentence.matchAll(new RegExp(`${NUMBER}\\s*mil`, "gi"))) {
      if (toNumber(match[1] ?? "0") > rangeMil(variant) * 1.15 && !BUYER_RANGE.test(sentence)) return "range";
    }
  }
  return null;
}

type Guarded = { texts: CarTexts; dropped: { sentence: string; reason: string }[]; checked: CheckedSentence[] };

export function filterSentences(texts: CarTexts, keep: (sentence: string) => boolean): CarTexts {
  const prose = (text: string) => sentences(text).filter(keep).join(" ");
  const list = (items: readonly string[]) => items.filter((item) => sentences(item).every(keep));
  return {
    tagline: prose(texts.tagline),
    whyItFits: prose(texts.whyItFits),
    deepDive: prose(texts.deepDive),
    commonFlaws: prose(texts.commonFlaws),
    pros: list(texts.pros),
    cons: list(texts.cons),
  };
}

/** In rank order: the fact checker mends or drops first, then contradictions and sentences a higher car used go. */
export function guardResultTexts(items: readonly { variant: Variant; texts: CarTexts; facts?: CardFacts }[]): Guarded[] {
  const used = new Set<string>();
  return items.map(({ variant, texts: written, facts }) => {
    const { texts, findings: checked } = facts ? checkCard(written, facts) : { texts: written, findings: [] };
    const dropped: Guarded["dropped"] = [];
    const keep = (sentence: string): boolean => {
      const key = sentence.toLowerCase().replace(/\s+/g, " ");
      const reason = contradiction(sentence, variant) ?? (used.has(key) ? "repeated" : null);
      if (reason) {
        dropped.push({ sentence, reason });
        return false;
      }
      used.add(key);
      return true;
    };
    return { texts: filterSentences(texts, keep), dropped, checked };
  });
}
