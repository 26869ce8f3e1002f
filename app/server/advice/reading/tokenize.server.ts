/**
 * Splits a buyer's description into clauses of word and number tokens. A clause is the scope of a
 * negation or a hedge ("ingen diesel, gärna el"), so clause breaks are punctuation, "men"/"but",
 * a contrasting "utan" ("inte en SUV utan en kombi") and "och" opening a new statement ("och vi …").
 * A clause parted from the one before by a comma alone keeps that comma, since a list may run on
 * across it ("gärna Volvo, Toyota eller Kia"); `enumerations.ts` decides.
 */

type Language = "sv" | "en";

interface NumberValue {
  value: number;
  /** Both ends of a range such as "2-3"; equal to `value` otherwise. */
  low: number;
  high: number;
}

export interface Token {
  /** As written, for quotes and for the few words whose capitals matter ("Seat", "EV"). */
  text: string;
  /** Lower case, hyphens dropped ("7-sits" → "7sits"), any colon ending cut ("BMW:n" → "bmw"). */
  norm: string;
  /** `norm` without diacritics, for buyers typing without å, ä and ö ("hastslap"). */
  folded: string;
  /** What followed a colon ("BMW:n" → "n", "SUV:ar" → "ar"); "" otherwise. */
  ending: string;
  number?: NumberValue;
  /** Offsets into the description. */
  start: number;
  end: number;
  /** First word of a sentence, where a capital letter says nothing. */
  sentenceStart: boolean;
  /** An abbreviation's dot followed ("ev.", "ca."). */
  dotAfter: boolean;
}

export interface Clause {
  tokens: Token[];
  /** The comma that alone parts this clause from the one before (norm ","); absent after any other break. */
  comma?: Token;
}

export interface Tokenized {
  /** The description as read (NFC), which token offsets point into. */
  text: string;
  language: Language;
  clauses: Clause[];
  /** Every token, including the conjunctions that only break clauses (for the nonsense check). */
  all: Token[];
}

// prettier-ignore
const SV_FUNCTION_WORDS = new Set([
  "och", "att", "en", "ett", "är", "jag", "vi", "vill", "har", "med", "för", "som", "på", "inte", "till", "det", "den",
  "bil", "bilen", "ska", "gärna", "helst", "ingen", "om", "kan", "måste", "eller", "av", "min", "vår", "behöver", "mil",
]);
// prettier-ignore
const EN_FUNCTION_WORDS = new Set([
  "the", "and", "a", "an", "is", "i", "we", "want", "need", "with", "for", "to", "of", "car", "my", "our", "not",
  "no", "it", "that", "have", "be", "would", "should", "must", "or", "something", "anything", "looking",
]);

/** Swedish unless English function words clearly dominate; the site is Swedish. */
function detectLanguage(description: string): Language {
  let sv = 0;
  let en = 0;
  for (const word of description.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    if (SV_FUNCTION_WORDS.has(word)) sv++;
    if (EN_FUNCTION_WORDS.has(word)) en++;
  }
  return en > sv ? "en" : "sv";
}

export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
}

/**
 * Multi-part abbreviations lose their dots (same length, so offsets stay true); their dots would
 * otherwise end the sentence in "t.ex. en kombi".
 */
const DOTTED_ABBREVIATIONS =
  /\b(?:t\.\s?ex|bl\.\s?a|m\.\s?m|o\.\s?s\.\s?v|d\.\s?v\.\s?s|fr\.\s?o\.\s?m|s\.\s?k|e\.\s?g|i\.\s?e)\./giu;
/** Words whose dot is an abbreviation's, not a full stop, unless a capital letter follows. */
// prettier-ignore
const ABBREVIATIONS = new Set([
  "ev", "ca", "max", "min", "mkt", "st", "kr", "inkl", "exkl", "resp", "ung", "etc", "bl", "tex", "mm", "osv", "dvs",
  "el",
]);

/**
 * Digit groups: Swedish "5 000"/"5.000" with a decimal comma, English "5,000" with a decimal point.
 * A comma before exactly three digits groups thousands in Swedish text too ("under 100,000 km",
 * "100,000 miles"): no one writes a decimal to three places, while "1,5 ton" and "0,5 l" stay decimals.
 */
const COMMA_THOUSANDS = String.raw`\d{1,3}(?:,\d{3})+(?!\d|[.,]\d)`;
const NUMBER = {
  sv: String.raw`${COMMA_THOUSANDS}|\d{1,3}(?:[ \u00a0\u202f.]\d{3})+(?!\d)|\d+(?:[.,]\d+)?`,
  en: String.raw`\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?`,
};
const WORD = String.raw`[\p{L}\p{N}]+(?:['’]\p{L}+)?(?:-[\p{L}\p{N}]+)*(?::\p{L}+)?`;

function compileScanner(language: Language): RegExp {
  const number = NUMBER[language];
  return new RegExp(
    [
      // "5k", "250k": thousands, as in "5k mil".
      String.raw`(?<thousands>${number})k(?![\p{L}\p{N}])`,
      // "2-3", "5 000–10 000": a range (the hyphen is not a word joint between two numbers).
      String.raw`(?<low>${number})\s?[-–]\s?(?<high>${number})(?![\p{L}\p{N}]|-\p{L})`,
      String.raw`(?<number>${number})(?![\p{L}\p{N}]|-\p{L})`,
      `(?<word>${WORD})`,
      String.raw`(?<plus>\+)`,
      String.raw`(?<dash>\s[-–—]\s)`,
      // Not ":": "Viktigt: säkerhet" is one statement.
      String.raw`(?<break>[.,;!?()\n\r])`,
    ].join("|"),
    "gu",
  );
}

/** `matchAll` copies the regex, so one per language serves every call. */
const SCANNERS: Record<Language, RegExp> = { sv: compileScanner("sv"), en: compileScanner("en") };

function parseNumber(raw: string, language: Language): number {
  if (language === "en") return Number(raw.replace(/,/g, ""));
  if (/^\d{1,3}(?:[ \u00a0\u202f.,]\d{3})+$/.test(raw)) return Number(raw.replace(/[ \u00a0\u202f.,]/g, ""));
  return Number(raw.replace(",", "."));
}

/** The first visible character from `lastIndex` on. */
const NEXT_VISIBLE = /\s*(\S)/uy;

/** Subject pronouns that, after "och", start a new statement with its own negation and hedges. */
const PRONOUNS = new Set(["vi", "jag", "den", "det", "hon", "han", "man", "we", "i", "it"]);
const NEGATORS_BEFORE_UTAN = new Set(["inte", "ingen", "inget", "inga", "ej"]);
/** Words before "but" that make it mean "except" ("anything but a BMW"). */
const EXCEPT_BUT = new Set(["anything", "everything", "all", "nothing"]);

/** A comma kept between clauses: not a word, so no phrase of the lexicon matches across it. */
function commaToken(start: number): Token {
  const text = ",";
  return { text, norm: text, folded: text, ending: "", start, end: start + 1, sentenceStart: false, dotAfter: false };
}

/** The word regex's full match, split into the parts a token keeps. */
function wordToken(text: string, start: number): Omit<Token, "sentenceStart" | "dotAfter"> {
  const [body = text, ending = ""] = text.replace(/’/g, "'").split(":");
  const norm = body.toLocaleLowerCase("sv").replace(/-/g, "");
  return { text, norm, folded: fold(norm), ending: ending.toLocaleLowerCase("sv"), start, end: start + text.length };
}

export function tokenize(description: string): Tokenized {
  const language = detectLanguage(description);
  const original = description.normalize("NFC");
  const text = original.replace(DOTTED_ABBREVIATIONS, (match) => match.replace(/\./g, " "));
  const clauses: Clause[] = [];
  const all: Token[] = [];
  let current: Token[] = [];
  /** The comma that ended the clause before `current`, unless something else broke it since. */
  let comma: Token | undefined;
  let sentenceStart = true;

  const endClause = () => {
    if (current.length > 0) clauses.push(comma === undefined ? { tokens: current } : { tokens: current, comma });
    current = [];
    comma = undefined;
  };
  const push = (token: Omit<Token, "sentenceStart" | "dotAfter">) => {
    const full: Token = { ...token, sentenceStart, dotAfter: false };
    sentenceStart = false;
    current.push(full);
    all.push(full);
  };

  for (const match of text.matchAll(SCANNERS[language])) {
    const groups = match.groups ?? {};
    const start = match.index;
    const raw = match[0];
    const numeric = (value: number, low = value, high = value) =>
      push({
        text: raw,
        norm: raw,
        folded: raw,
        ending: "",
        number: { value, low, high },
        start,
        end: start + raw.length,
      });

    if (groups.thousands !== undefined) numeric(parseNumber(groups.thousands, language) * 1000);
    else if (groups.low !== undefined && groups.high !== undefined) {
      const low = parseNumber(groups.low, language);
      const high = parseNumber(groups.high, language);
      numeric((low + high) / 2, Math.min(low, high), Math.max(low, high));
    } else if (groups.number !== undefined) numeric(parseNumber(groups.number, language));
    else if (groups.plus !== undefined) push({ text: "+", norm: "+", folded: "+", ending: "", start, end: start + 1 });
    else if (groups.dash !== undefined) endClause();
    else if (groups.break !== undefined) {
      const previous = current.at(-1);
      NEXT_VISIBLE.lastIndex = start + 1;
      const next = NEXT_VISIBLE.exec(text)?.[1] ?? "";
      const abbreviation =
        raw === "." &&
        previous !== undefined &&
        previous.end === start &&
        ABBREVIATIONS.has(previous.norm) &&
        /[\p{Ll}\p{N}]/u.test(next);
      if (abbreviation) {
        previous.dotAfter = true;
        continue;
      }
      const ended = current.length > 0;
      endClause();
      if (raw === "," && ended) comma = commaToken(start);
      if (/[.!?\n\r]/.test(raw)) sentenceStart = true;
    } else if (groups.word !== undefined) {
      const token = wordToken(raw, start);
      const previous = current.at(-1);
      const contrast =
        token.norm === "men" ||
        (token.norm === "but" && !EXCEPT_BUT.has(previous?.norm ?? "")) ||
        (token.norm === "utan" && current.some((earlier) => NEGATORS_BEFORE_UTAN.has(earlier.norm)));
      if (contrast) {
        all.push({ ...token, sentenceStart: false, dotAfter: false });
        endClause();
        continue;
      }
      if ((previous?.norm === "och" || previous?.norm === "and") && PRONOUNS.has(token.norm)) {
        current.pop();
        endClause();
      }
      push(token);
    }
  }
  endClause();
  return { text: original, language, clauses, all };
}

/** The buyer's own words from token `from` to token `to` (inclusive) of `text`, for quotes. */
export function quote(text: string, tokens: readonly Token[], from: number, to: number): string {
  const first = tokens[from];
  const last = tokens[to];
  if (first === undefined || last === undefined) return "";
  return text.slice(first.start, last.end).replace(/\s+/g, " ");
}
