import type { CarTexts } from "../contracts.server";
import { sentences } from "../sentences.server";
import type { CardFacts } from "./card-facts.server";
import { bodiesNamed, type Figure, type Finding, figuresIn, replaceAt, RULE_FUNCTIONS, RULES } from "./rules.server";

// A false sentence is mended from the facts when the mended one passes every rule; otherwise dropped, nothing in its place.

export type CheckedSentence = Finding & { sentence: string; action: "rewritten" | "dropped"; shown?: string };
export type CheckedCard = { texts: CarTexts; findings: CheckedSentence[] };

export function checkSentence(sentence: string, facts: CardFacts): Finding | null {
  for (const rule of RULES) {
    const finding = RULE_FUNCTIONS[rule](sentence, facts);
    if (finding) return finding;
  }
  return null;
}

function mapSentences(texts: CarTexts, map: (sentence: string) => string | null): CarTexts {
  const prose = (text: string) =>
    sentences(text)
      .map(map)
      .filter((sentence): sentence is string => sentence !== null)
      .join(" ");
  const list = (items: readonly string[]) =>
    items.flatMap((item) => {
      const mapped = sentences(item).map(map);
      return mapped.every((sentence): sentence is string => sentence !== null) ? [mapped.join(" ")] : [];
    });
  return {
    tagline: prose(texts.tagline),
    whyItFits: prose(texts.whyItFits),
    deepDive: prose(texts.deepDive),
    commonFlaws: prose(texts.commonFlaws),
    pros: list(texts.pros),
    cons: list(texts.cons),
  };
}

/** What the card-wide "one figure per fact" rule follows: not comparisons, year-qualified powers or several bodies' boots. */
function cardFigures(sentence: string, facts: CardFacts): Figure[] {
  if (/(?<![\p{L}\p{N}])(än|jämfört|mot|till skillnad|syskon\p{L}*|versionen)(?![\p{L}\p{N}])|från \d[\d ]* till/iu.test(sentence)) return [];
  const years = /\b(19[89]\d|20[0-3]\d)\b/.test(sentence);
  const bodies = bodiesNamed(sentence, facts).length > 1;
  return figuresIn(sentence, facts.names).filter(
    (figure) => !(years && figure.kind === "power") && !(bodies && figure.kind === "boot") && !facts.namedPowers.includes(figure.value),
  );
}

function secondFigure(sentence: string, facts: CardFacts, shown: Map<Figure["kind"], number>): Finding | null {
  for (const figure of cardFigures(sentence, facts)) {
    const first = shown.get(figure.kind);
    // "omkring 300 liter" after "301 liter" is the same figure; "30 mil" after "26 mil" is not.
    if (first === undefined || Math.abs(first - figure.value) <= Math.max(first * 0.03, figure.kind === "boot" ? 5 : figure.kind === "power" ? 0 : 0.5))
      continue;
    return {
      rule: "figure",
      why: `${figure.kind}: ${figure.value} efter ${first} på samma kort`,
      rewrite: replaceAt(sentence, figure.index, figure.length, first),
    };
  }
  return null;
}

type ValueKind = "monthly" | "consumption" | "range" | "winterRange";
type Value = { kind: ValueKind; value: number; index: number; length: number };

const MONTHLY = /(\d{1,3}(?:[ \u00a0\u202f]\d{3})*|\d+)\s*kr\s+(i månaden|per månad|\/mån)/gu;
const CONSUMPTION = /(\d+,\d+|\d+)\s*(l|kWh|kg gas)(\/mil|\s+per mil)/gu;
const WINTERISH = /(?<![\p{L}])(vinter\p{L}*|kyla\p{L}*|kallt|minusgrader)(?![\p{L}])/iu;

/** The total a month, the consumption and the range, each of which a card states once (a difference "N kr mer i månaden" is no total). */
function cardValues(sentence: string, facts: CardFacts): Value[] {
  const out: Value[] = [];
  for (const match of sentence.matchAll(MONTHLY))
    out.push({ kind: "monthly", value: Number(match[1]!.replace(/\s/gu, "")), index: match.index, length: match[1]!.length });
  if (!WINTERISH.test(sentence)) {
    for (const match of sentence.matchAll(CONSUMPTION))
      out.push({
        kind: "consumption",
        value: Number(match[1]!.replace(",", ".")) * (match[2] === "l" ? 1 : 1000),
        index: match.index,
        length: match[1]!.length,
      });
  }
  for (const figure of cardFigures(sentence, facts)) {
    if (figure.kind === "range" || figure.kind === "winterRange") out.push({ ...figure, kind: figure.kind });
  }
  return out;
}

/** The same fact with a second value, rounded otherwise: "1 600" after "1 590" kr, "34 mil" after "35 mil". */
function secondValue(sentence: string, facts: CardFacts, shown: Map<ValueKind, number>): Finding | null {
  for (const value of cardValues(sentence, facts)) {
    const first = shown.get(value.kind);
    if (first === undefined || first === value.value) continue;
    const rewrite = value.kind === "consumption" ? undefined : replaceAt(sentence, value.index, value.length, first);
    return { rule: "one-value", why: `${value.kind}: ${value.value} efter ${first} på samma kort`, ...(rewrite ? { rewrite } : {}) };
  }
  return null;
}

export function checkCard(texts: CarTexts, facts: CardFacts): CheckedCard {
  const findings: CheckedSentence[] = [];
  const shown = new Map<Figure["kind"], number>();
  const values = new Map<ValueKind, number>();
  const judge = (sentence: string) => checkSentence(sentence, facts) ?? secondFigure(sentence, facts, shown) ?? secondValue(sentence, facts, values);
  const checked = mapSentences(texts, (sentence) => {
    const finding = judge(sentence);
    let result: string | null = sentence;
    if (finding) {
      // A second rule may mend further (a corrected figure the catalogue could not check gets "cirka").
      let mended = finding.rewrite ?? null;
      for (let round = 0; mended !== null && round < 3; round++) {
        const next = judge(mended);
        if (next === null) break;
        mended = next.rewrite ?? null;
      }
      if (mended !== null && judge(mended) !== null) mended = null;
      findings.push({ ...finding, sentence, action: mended ? "rewritten" : "dropped", ...(mended ? { shown: mended } : {}) });
      result = mended;
    }
    if (result !== null) {
      for (const figure of cardFigures(result, facts)) if (!shown.has(figure.kind)) shown.set(figure.kind, figure.value);
      for (const value of cardValues(result, facts)) if (!values.has(value.kind)) values.set(value.kind, value.value);
    }
    return result;
  });
  return { texts: checked, findings };
}
