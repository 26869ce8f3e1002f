import type { NotedItem } from "#app/lib/requirements";
import type { Match } from "./match.server";
import type { Quantity } from "./numbers.server";
import { quote, type Token } from "./tokenize.server";

/** "7 säten eller 3 i bredd": alternatives of different kinds each lean, are noted, and only what both share stays hard. */

interface Span {
  start: number;
  end: number;
}

export interface EitherOr extends Span {
  across?: number;
}

const OR = new Set(["eller", "alternativt", "or"]);
// prettier-ignore
const LEADS = new Set([
  "en", "ett", "nån", "någon", "något", "nåt", "minst", "åtminstone", "med", "me", "kanske", "typ", "bra", "god", "gott", "hög",
  "högre", "stor", "större", "riktig", "a", "an", "at", "least", "good", "high",
]);
const ACROSS = [["i", "bredd"], ["bredvid", "varandra"], ["bredvid", "varann"], ["sida", "vid", "sida"], ["side", "by", "side"], ["across"]];
const FAMILY: Readonly<Record<string, string>> = {
  origin: "make",
  model: "make",
  thirdRow: "seats",
  people: "seats",
  kg: "towing",
  ton: "towing",
  kw: "hp",
  km: "mil",
  miles: "mil",
};
const HARD_KINDS = new Set(["fuel", "body", "size", "make", "awd", "gearbox", "seats", "across", "towing", "hp", "mil", "years"]);

interface Mention extends Span {
  family: string;
  across?: number;
}

const wordsAt = (tokens: readonly Token[], at: number, words: readonly string[]) => words.every((word, offset) => tokens[at + offset]?.norm === word);

function acrossAfter(tokens: readonly Token[], quantity: Quantity): number | undefined {
  for (let at = quantity.end + 1; at <= quantity.end + 3; at++) {
    const words = ACROSS.find((phrase) => wordsAt(tokens, at, phrase));
    if (words !== undefined) return at + words.length;
  }
  return undefined;
}

function mentions(tokens: readonly Token[], quantities: readonly Quantity[], concepts: readonly Match<{ kind: string }>[]): Mention[] {
  const found: Mention[] = [];
  for (const quantity of quantities) {
    const across = acrossAfter(tokens, quantity);
    if (across !== undefined) found.push({ start: quantity.index, end: across, family: "across", across: quantity.value });
    else if (quantity.unit !== null) found.push({ start: quantity.index, end: quantity.end + 1, family: FAMILY[quantity.unit] ?? quantity.unit });
    // "plats för sju": a bare count after "för" is seats; other bare numbers ("ioniq 5", "nio") name no requirement.
    else if (tokens[quantity.index - 1]?.norm === "för") found.push({ start: quantity.index, end: quantity.end + 1, family: "seats" });
  }
  for (const concept of concepts) {
    if (found.some((mention) => mention.start <= concept.start && concept.start < mention.end)) continue;
    const kind = concept.meaning.kind;
    if (kind === "neutral" || kind === "marker") continue;
    found.push({ start: concept.start, end: concept.end, family: FAMILY[kind] ?? kind });
  }
  const sorted = found.sort((a, b) => a.start - b.start);
  // "en stor kombi": a size said of a body is one noun phrase, a body.
  return sorted.flatMap((mention, index) => {
    const next = sorted[index + 1];
    if (mention.family === "size" && next !== undefined && next.start === mention.end && next.family === "body") return [{ ...next, start: mention.start }];
    const previous = sorted[index - 1];
    return previous?.family === "size" && previous.end === mention.start && mention.family === "body" ? [] : [mention];
  });
}

export function eitherOrSpans(tokens: readonly Token[], quantities: readonly Quantity[], concepts: readonly Match<{ kind: string }>[]): EitherOr[] {
  const found = mentions(tokens, quantities, concepts);
  const spans: EitherOr[] = [];
  for (const [index, first] of found.entries()) {
    if (!OR.has(tokens[first.end]?.norm ?? "")) continue;
    let at = first.end + 1;
    while (at < first.end + 4 && LEADS.has(tokens[at]?.norm ?? "")) at++;
    const second = found.slice(index + 1).find((mention) => mention.start > first.end && mention.start <= at);
    if (second === undefined || second.family === first.family) continue;
    if (!HARD_KINDS.has(first.family) && !HARD_KINDS.has(second.family)) continue;
    const across = first.across ?? second.across;
    spans.push({ start: first.start, end: second.end, ...(across === undefined ? {} : { across }) });
  }
  return spans;
}

export function eitherOrAround(spans: readonly EitherOr[] | undefined, start: number, end: number): EitherOr | undefined {
  return spans?.find((span) => span.start <= start && end <= span.end);
}

/** A rear bench that takes three across has five seats. */
const REAR_BENCH_SEATS = 5;
const FEWEST_ACROSS = 3;

export function sharedSeats(span: EitherOr | undefined): number | undefined {
  return span?.across !== undefined && span.across >= FEWEST_ACROSS ? REAR_BENCH_SEATS : undefined;
}

export function notedAlternatives(readings: readonly { tokens: readonly Token[]; eitherOr?: readonly EitherOr[] }[], description: string): NotedItem[] {
  return readings.flatMap((reading) =>
    (reading.eitherOr ?? []).map((span) => {
      const words = quote(description, reading.tokens, span.start, span.end - 1);
      return { text: `Ett av alternativen räcker: ${words}`, quote: words, steers: true };
    }),
  );
}
