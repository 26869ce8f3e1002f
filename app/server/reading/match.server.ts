import { isCommonWord } from "./common-words.server";
import { fold, type Token } from "./tokenize.server";

// The longest phrase at a position wins ("billig i drift" over "billig"), so a word has one meaning. Words of six
// letters or more also match one edit away ("drakrok"); shorter ones would collide ("ford"/"fort").

export interface Entry<T> {
  phrases: readonly string[];
  meaning: T;
  /** A make that is also a common word ("Seat", "Smart", "Jeep"): only capitalised mid-sentence, or in capitals. */
  proper?: boolean;
  /** No misspellings: names too close to ordinary words ("Passat"/"passar"). */
  exact?: boolean;
  when?: (tokens: readonly Token[], index: number) => boolean;
}

export interface Match<T> {
  meaning: T;
  start: number;
  end: number;
}

interface PatternWord {
  core: string;
  folded: string;
  prefix: boolean;
}

interface Phrase<T> {
  entry: Entry<T>;
  words: PatternWord[];
  /** Position in the lexicon: of two equally good matches, the earlier entry wins. */
  order: number;
}

export interface Lexicon<T> {
  exact: ReadonlyMap<string, readonly Phrase<T>[]>;
  prefix: ReadonlyMap<string, readonly Phrase<T>[]>;
  longestStem: number;
  /** Keyed by the first word and each one-letter deletion of it: words one edit apart share such a form. */
  fuzzyWords: ReadonlyMap<string, readonly Phrase<T>[]>;
  fuzzyStems: ReadonlyMap<string, readonly Phrase<T>[]>;
}

const FUZZY_MIN_LENGTH = 6;
const FOLD_MIN_LENGTH = 4;

function oneLetterShorter(word: string): string[] {
  return [word, ...Array.from(word, (_, index) => word.slice(0, index) + word.slice(index + 1))];
}

function addTo<T>(index: Map<string, Phrase<T>[]>, key: string, phrase: Phrase<T>): void {
  const phrases = index.get(key);
  if (phrases === undefined) index.set(key, [phrase]);
  else if (!phrases.includes(phrase)) phrases.push(phrase);
}

export function compileLexicon<T>(entries: readonly Entry<T>[]): Lexicon<T> {
  const exact = new Map<string, Phrase<T>[]>();
  const prefix = new Map<string, Phrase<T>[]>();
  const fuzzyWords = new Map<string, Phrase<T>[]>();
  const fuzzyStems = new Map<string, Phrase<T>[]>();
  let longestStem = 0;
  let order = 0;
  for (const entry of entries) {
    for (const text of entry.phrases) {
      const words = text.split(" ").map((word) => {
        const isPrefix = word.endsWith("*");
        const core = isPrefix ? word.slice(0, -1) : word;
        return { core, folded: fold(core), prefix: isPrefix };
      });
      const first = words[0];
      if (first === undefined) continue;
      const phrase: Phrase<T> = { entry, words, order: order++ };
      addTo(first.prefix ? prefix : exact, first.core, phrase);
      addTo(first.prefix ? prefix : exact, first.folded, phrase);
      if (first.prefix) longestStem = Math.max(longestStem, first.core.length, first.folded.length);
      if (entry.exact === true || entry.proper === true || first.folded.length < FUZZY_MIN_LENGTH) continue;
      for (const key of oneLetterShorter(first.folded)) addTo(first.prefix ? fuzzyStems : fuzzyWords, key, phrase);
    }
  }
  return { exact, prefix, longestStem, fuzzyWords, fuzzyStems };
}

function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

/** How well a token matches a pattern word: 0 not at all, 1 misspelt, 2 without diacritics, 3 exact. */
function wordScore(token: Token, word: PatternWord, entry: Entry<unknown>): number {
  if (token.number !== undefined) return 0;
  if (entry.proper === true) {
    const capitalised = /^\p{Lu}/u.test(token.text) && (!token.sentenceStart || token.text === token.text.toUpperCase());
    return capitalised && token.norm === word.core ? 3 : 0;
  }
  const hit = (text: string, core: string) => (word.prefix ? text.startsWith(core) : text === core);
  if (hit(token.norm, word.core)) return 3;
  if (word.folded.length >= FOLD_MIN_LENGTH && hit(token.folded, word.folded)) return 2;
  if (entry.exact === true) return 0;
  if (!word.prefix && word.folded.length >= FOLD_MIN_LENGTH && keyPressedTwice(token, word.folded)) return 1;
  if (word.folded.length < FUZZY_MIN_LENGTH || !fuzzyEligible(token)) return 0;
  if (!word.prefix) {
    // "volvos" is an inflection the phrase left out on purpose, not a typo.
    return !token.folded.startsWith(word.folded) && withinOneEdit(token.folded, word.folded) ? 1 : 0;
  }
  const length = word.folded.length;
  // A letter dropped inside the stem shortens the word; far beyond the stem's length, that is just another word.
  const cuts = token.folded.length <= length + 1 ? [length - 1, length, length + 1] : [length, length + 1];
  return cuts.some((cut) => cut <= token.folded.length && withinOneEdit(token.folded.slice(0, cut), word.folded)) ? 1 : 0;
}

interface Candidate<T> extends Match<T> {
  score: number;
}

function fuzzyEligible(token: Token): boolean {
  return token.folded.length >= FUZZY_MIN_LENGTH && !/\d/.test(token.folded) && !isCommonWord(token.norm);
}

function withoutKeyPressedTwice(text: string): string[] {
  return Array.from(text, (_, index) => index)
    .filter((index) => text[index] === text[index + 1])
    .map((index) => text.slice(0, index) + text.slice(index + 1));
}
function keyPressedTwice(token: Token, word: string): boolean {
  return !isCommonWord(token.norm) && withoutKeyPressedTwice(token.folded).includes(word);
}

function candidatesAt<T>(lexicon: Lexicon<T>, token: Token): Set<Phrase<T>> {
  const found = new Set<Phrase<T>>();
  const addAll = (phrases: readonly Phrase<T>[] | undefined) => {
    if (phrases !== undefined) for (const phrase of phrases) found.add(phrase);
  };
  for (const text of new Set([token.norm, token.folded])) {
    addAll(lexicon.exact.get(text));
    for (let length = 1; length <= Math.min(text.length, lexicon.longestStem); length++) addAll(lexicon.prefix.get(text.slice(0, length)));
  }
  if (!isCommonWord(token.norm)) for (const text of withoutKeyPressedTwice(token.folded)) addAll(lexicon.exact.get(text));
  if (!fuzzyEligible(token)) return found;
  for (const key of oneLetterShorter(token.folded)) addAll(lexicon.fuzzyWords.get(key));
  for (let cut = FUZZY_MIN_LENGTH - 1; cut <= Math.min(token.folded.length, lexicon.longestStem + 1); cut++) {
    for (const key of oneLetterShorter(token.folded.slice(0, cut))) addAll(lexicon.fuzzyStems.get(key));
  }
  return found;
}

function bestAt<T>(lexicon: Lexicon<T>, tokens: readonly Token[], index: number, free: (index: number) => boolean): Candidate<T> | undefined {
  const first = tokens[index];
  if (first === undefined || first.number !== undefined) return undefined;
  let best: (Candidate<T> & { order: number }) | undefined;
  for (const { entry, words, order } of candidatesAt(lexicon, first)) {
    if (entry.when !== undefined && !entry.when(tokens, index)) continue;
    let score = 0;
    for (let offset = 0; offset < words.length; offset++) {
      const token = tokens[index + offset];
      const word = words[offset];
      const wordHit = token === undefined || word === undefined || !free(index + offset) ? 0 : wordScore(token, word, entry);
      if (wordHit === 0) {
        score = 0;
        break;
      }
      // Longer stems are more specific: "snabbladd*" beats "snabb*".
      score += wordHit + (word?.core.length ?? 0) / 100;
    }
    if (score === 0) continue;
    const length = words.length;
    const bestLength = best === undefined ? 0 : best.end - best.start;
    const better = best === undefined || length > bestLength || (length === bestLength && (score > best.score || (score === best.score && order < best.order)));
    if (better) best = { meaning: entry.meaning, start: index, end: index + length, score, order };
  }
  return best;
}

export function findMatches<T>(lexicon: Lexicon<T>, tokens: readonly Token[], free: (index: number) => boolean): Match<T>[] {
  const found: Match<T>[] = [];
  for (let index = 0; index < tokens.length;) {
    const best = free(index) ? bestAt(lexicon, tokens, index, free) : undefined;
    if (best === undefined) {
      index++;
      continue;
    }
    found.push({ meaning: best.meaning, start: best.start, end: best.end });
    index = best.end;
  }
  return found;
}
