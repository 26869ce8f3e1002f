// A clause is the scope of a negation or a hedge; a clause ended by a comma keeps it, since a list may run across it.

type Language = "sv" | "en";

interface NumberValue {
  value: number;
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
  ending: string;
  number?: NumberValue;
  start: number;
  end: number;
  sentenceStart: boolean;
  dotAfter: boolean;
  questionAfter?: boolean;
}

export interface Clause {
  tokens: Token[];
  comma?: Token;
}

export interface Tokenized {
  text: string;
  language: Language;
  clauses: Clause[];
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

/** Their dots would end the sentence in "t.ex. en kombi"; replaced by spaces, so offsets stay true. */
const DOTTED_ABBREVIATIONS = /\b(?:t\.\s?ex|bl\.\s?a|m\.\s?m|o\.\s?s\.\s?v|d\.\s?v\.\s?s|fr\.\s?o\.\s?m|s\.\s?k|e\.\s?g|i\.\s?e)\./giu;
// prettier-ignore
const ABBREVIATIONS = new Set([
  "ev", "ca", "max", "min", "mkt", "st", "kr", "inkl", "exkl", "resp", "ung", "etc", "bl", "tex", "mm", "osv", "dvs",
  "el",
]);

/** A comma before exactly three digits groups thousands even in Swedish ("100,000 km"): no one writes three decimals. */
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
      String.raw`(?<thousands>${number})k(?![\p{L}\p{N}])`,
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

const NEXT_VISIBLE = /\s*(\S)/uy;

/** "det går inte utan": "utan" last in its statement is "without", not the "but" of "inte X utan Y". */
function endsStatement(text: string, from: number): boolean {
  NEXT_VISIBLE.lastIndex = from;
  const next = NEXT_VISIBLE.exec(text)?.[1];
  return next === undefined || /[.,;!?)]/u.test(next);
}

/** Subject pronouns that, after "och", start a new statement with its own negation and hedges. */
const PRONOUNS = new Set(["vi", "jag", "den", "det", "hon", "han", "man", "we", "i", "it"]);
const NEGATORS_BEFORE_UTAN = new Set(["inte", "ingen", "inget", "inga", "ej"]);
const EXCEPT_BUT = new Set(["anything", "everything", "all", "nothing"]);

/**
 * Phone and spoken spellings read as the written word they stand for ("ja e 19" is "jag är 19",
 * "int diesel" is "inte diesel"), so every rule that knows the written word knows these too. Words
 * under four letters are not matched without diacritics, hence "gar", "ar" and "nar".
 */
// prettier-ignore
const SPOKEN_FORMS: ReadonlyMap<string, string> = new Map([
  ["e", "är"], ["ä", "är"], ["ar", "är"], ["ja", "jag"], ["o", "och"], ["int", "inte"], ["ente", "inte"],
  ["itte", "inte"], ["inge", "inget"], ["me", "med"], ["mkt", "mycket"], ["va", "vara"], ["mej", "mig"],
  ["dej", "dig"], ["ngt", "något"], ["nåt", "något"], ["nått", "något"], ["nån", "någon"], ["ngn", "någon"],
  ["gar", "går"], ["ell", "eller"], ["elr", "eller"], ["rol", "roll"], ["elle", "eller"], ["nar", "när"], ["he", "det"], ["dä", "det"], ["vart", "vara"], ["mä", "med"],
  ["oxå", "också"], ["oxo", "också"], ["åxå", "också"], ["okey", "okej"], ["oki", "okej"], ["oke", "okej"],
]);

/** Spoken forms that are English words too; the others ("e", "ja", "nåt") are Swedish in a wish written half in English ("first car, ja e 20"). */
const ENGLISH_WORDS: ReadonlySet<string> = new Set(["ar", "me", "va", "he", "gar", "ell", "rol", "nar", "vart"]);

/** "diesel el bensin", "suv el pickup": "el" between two words is "eller"; "gärna el", "om det blir el" is electric. */
// prettier-ignore
const ELECTRIC_LEADS = new Set([
  "en", "ett", "på", "med", "helst", "gärna", "bara", "typ", "ingen", "inte", "ha", "eller", "och", "som", "mot",
  "kör", "köra", "om", "det", "blir", "är", "vara", "till", "ren", "rent", "full", "ok", "okej", "någon", "något",
  "vill", "hellre", "byta", "nej", "ja", "jag", "vi", "av", "för", "går", "funkar",
]);
function readElAsOr(clauses: readonly Clause[]): void {
  for (const { tokens } of clauses)
    tokens.forEach((token, index) => {
      const previous = tokens[index - 1];
      if (token.norm !== "el" || token.dotAfter || previous === undefined || index + 1 >= tokens.length) return;
      if (ELECTRIC_LEADS.has(previous.norm)) return;
      token.norm = "eller";
      token.folded = "eller";
    });
}

/** Modal particles after a verb change nothing ("diesel går ju inte", "manuell går väl också"); not "nog" ("probably"). */
const PARTICLES = new Set(["ju", "väl", "liksom", "faktiskt", "iofs"]);
const PARTICLE_VERBS = new Set([
  "är",
  "var",
  "vara",
  "går",
  "gick",
  "funkar",
  "fungerar",
  "blir",
  "känns",
  "verkar",
  "duger",
  "passar",
  "vore",
  "kan",
  "vill",
  "ska",
  "måste",
  "behöver",
  "behövs",
]);
const isParticle = (token: { norm: string }, previous: Token | undefined) => PARTICLES.has(token.norm) && PARTICLE_VERBS.has(previous?.norm ?? "");

/** Not a word, so no phrase of the lexicon matches across it. */
function commaToken(start: number): Token {
  const text = ",";
  return { text, norm: text, folded: text, ending: "", start, end: start + 1, sentenceStart: false, dotAfter: false };
}

function wordToken(text: string, start: number, language: Language): Omit<Token, "sentenceStart" | "dotAfter"> {
  const [body = text, ending = ""] = text.replace(/’/g, "'").split(":");
  const written = body.toLocaleLowerCase("sv").replace(/-/g, "");
  const norm = language === "sv" || !ENGLISH_WORDS.has(written) ? (SPOKEN_FORMS.get(written) ?? written) : written;
  return { text, norm, folded: fold(norm), ending: ending.toLocaleLowerCase("sv"), start, end: start + text.length };
}

/** "elsuv", "dieselkombi": a fuel and a body in one word, read as the two words ("el" as "elbil", never "eller"). */
const FUEL_BODY = /^(el|diesel|bensin|hybrid|laddhybrid|elhybrid)(suv|kombi|sedan|halvkombi|crossover|pickup|minibuss|familjebuss)(en|n|ar|arna|s)?$/u;
function splitFuelBody(token: Omit<Token, "sentenceStart" | "dotAfter">): Omit<Token, "sentenceStart" | "dotAfter">[] {
  const parts = token.norm.match(FUEL_BODY);
  if (parts?.[1] === undefined || parts[2] === undefined) return [token];
  const fuel = parts[1] === "el" ? "elbil" : parts[1];
  const cut = token.start + parts[1].length;
  const body = token.norm.slice(parts[1].length);
  return [
    { ...token, text: token.text.slice(0, parts[1].length), norm: fuel, folded: fold(fuel), ending: "", end: cut },
    { ...token, text: token.text.slice(parts[1].length), norm: body, folded: fold(body), start: cut },
  ];
}

export function tokenize(description: string): Tokenized {
  const language = detectLanguage(description);
  const original = description.normalize("NFC");
  const text = original.replace(DOTTED_ABBREVIATIONS, (match) => match.replace(/\./g, " "));
  const clauses: Clause[] = [];
  const all: Token[] = [];
  let current: Token[] = [];
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
      // "laddhybrid eller el. behöver …": after "eller", "el." is electric, not "eller" abbreviated.
      const afterOr = previous?.norm === "el" && ["eller", "och", ...ELECTRIC_LEADS].includes(current.at(-2)?.norm ?? "");
      const abbreviation =
        raw === "." && previous !== undefined && previous.end === start && ABBREVIATIONS.has(previous.norm) && /[\p{Ll}\p{N}]/u.test(next) && !afterOr;
      if (abbreviation) {
        previous.dotAfter = true;
        continue;
      }
      const ended = current.length > 0;
      if (raw === "?" && previous !== undefined) previous.questionAfter = true;
      endClause();
      if (raw === "," && ended) comma = commaToken(start);
      if (/[.!?\n\r]/.test(raw)) sentenceStart = true;
    } else if (groups.word !== undefined) {
      const token = wordToken(raw, start, language);
      const previous = current.at(-1);
      const contrast =
        token.norm === "men" ||
        (token.norm === "but" && !EXCEPT_BUT.has(previous?.norm ?? "")) ||
        (token.norm === "utan" &&
          current.some((earlier) => NEGATORS_BEFORE_UTAN.has(earlier.norm)) &&
          // "klarar mig inte utan carplay": right after the negation, "utan" is "without" (a must), not "but".
          !NEGATORS_BEFORE_UTAN.has(previous?.norm ?? "") &&
          !endsStatement(text, start + raw.length));
      if (contrast) {
        all.push({ ...token, sentenceStart: false, dotAfter: false });
        endClause();
        continue;
      }
      if (isParticle(token, previous)) {
        all.push({ ...token, sentenceStart: false, dotAfter: false });
        continue;
      }
      if ((previous?.norm === "och" || previous?.norm === "and") && PRONOUNS.has(token.norm)) {
        current.pop();
        endClause();
      }
      for (const part of splitFuelBody(token)) push(part);
    }
  }
  endClause();
  if (language === "sv") readElAsOr(clauses);
  return { text: original, language, clauses, all };
}

export function quote(text: string, tokens: readonly Token[], from: number, to: number): string {
  const first = tokens[from];
  const last = tokens[to];
  if (first === undefined || last === undefined) return "";
  return text.slice(first.start, last.end).replace(/\s+/g, " ");
}
