import type { Fuel } from "#app/lib/car-facts";

// Blocket's tree groups some models into series whose children carry a generation, trim or sibling ("Golf-Serie" →
// "Golf VII", "V60-Serie" → "V60 Cross Country") and lists some EVs as models ("e-208"): "V60 II" must still find V60 ads.

export type VariantNode = {
  name: string;
  /** `1.<make>.<id>` (model or series) or `2.<make>.<series>.<id>` (model in a series). */
  code: string;
  children: VariantNode[];
};

export function normaliseVariantName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Loose, but a dash or dot between digits and a "+" stay: Saab "9-3" is not "93", "Prius+" is not "Prius". */
function wordKey(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\+/g, "plus")
    .replace(/(\d)[-.](?=\d)/g, "$1~")
    .replace(/[^a-z0-9~]/g, "");
}

const words = (name: string): string[] => name.split(/\s+/).map(wordKey).filter(Boolean);

const GENERATION = /^(?:I|II|III|IV|V|VI|VII|VIII)$|^(?:ii|iii|iv|vi|vii|viii)$/;
const GENERATION_KEY = /^(?:i|ii|iii|iv|v|vi|vii|viii)$/;
const MARK = /\bmk\.?\s*(?:\d+|[ivx]+)\b/gi;

function withoutDecorations(model: string): string {
  return model
    .replace(/\([^)]*\)|\[[^\]]*\]/g, " ")
    .replace(MARK, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** "V60 II" → "V60", "Golf Mk7" → "Golf"; a name of nothing but such parts ("MK. II", a real Jaguar) is kept. */
export function baseModelName(model: string, make?: string): string {
  let tokens = withoutDecorations(model)
    .split(/\s+/)
    .filter((token) => token !== "" && !GENERATION.test(token));
  const makeWords = make ? words(make) : [];
  // "Lynk & Co 01": the "&" has no letters, so it is left out on both sides of the comparison.
  const keyed = tokens.filter((token) => wordKey(token) !== "");
  if (makeWords.length > 0 && keyed.length > makeWords.length && makeWords.every((word, i) => wordKey(keyed[i] ?? "") === word)) {
    tokens = keyed.slice(makeWords.length);
  }
  const base = tokens.join(" ").trim();
  return base === "" ? model.trim() : base;
}

/** Not "Cross", "Sport", "CC" or "Allspace": those name other cars (Yaris Cross, Discovery Sport, Passat CC). */
const TRIM = /^(?:s|t|r|m|gt|gt\d|gti|gtd|gts|gtx|rs|turbo|carrera|targa|coupe|cabrio|cabriolet|sw|maxi)$/;
const NUMERAL = /^\d+[a-z]{0,2}$/;

/** Numerals count only inside a series: at the top level "Ioniq 5" is another car than "Ioniq". */
function isFamilyMember(name: string, key: readonly string[], numerals: boolean): boolean {
  const own = words(name);
  if (own.length < key.length || key.some((word, i) => own[i] !== word)) return false;
  return own.slice(key.length).every((word) => GENERATION_KEY.test(word) || TRIM.test(word) || (numerals && NUMERAL.test(word)));
}

function isElectricSibling(name: string, key: readonly string[]): boolean {
  const own = words(name)
    .filter((word) => !GENERATION_KEY.test(word))
    .join("");
  const joined = key.join("");
  return [`e${joined}`, `${joined}e`, `${joined}ev`, `${joined}electric`, `${joined}electrique`, `${joined}etech`, `${joined}etron`].includes(own);
}

const SERIES_SUFFIX = /[-\s]*(?:serien?|klass)$/i;
const seriesBase = (name: string) => name.replace(SERIES_SUFFIX, "");
const isSeriesName = (name: string) => SERIES_SUFFIX.test(name);
const displayKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

function byName(nodes: readonly VariantNode[], name: string): VariantNode | undefined {
  const key = words(name).join(" ");
  return nodes.find((node) => displayKey(node.name) === displayKey(name)) ?? nodes.find((node) => words(node.name).join(" ") === key);
}

/** The series code when it is named after the model and all its children are members: later generations are covered too. */
function inSeries(series: VariantNode, key: readonly string[], electric: boolean): string[] | undefined {
  const members = series.children.filter((child) => isFamilyMember(child.name, key, true) || (electric && isElectricSibling(child.name, key)));
  if (members.length === 0) return undefined;
  const namedAfter = words(seriesBase(series.name)).join(" ") === key.join(" ");
  return namedAfter && members.length === series.children.length ? [series.code] : members.map((member) => member.code);
}

// Tried in order: a series so named, top-level models, a model inside a series, a series named after it, a name plus engine ("CT" → "CT200h").
function resolveKey(models: readonly VariantNode[], name: string, electric: boolean): string[] | undefined {
  const key = words(name);
  if (key.length === 0) return undefined;
  const exact = byName(models, name);
  if (exact && exact.children.length > 0) return [exact.code];
  const top = models.filter((node) => node.children.length === 0 && (isFamilyMember(node.name, key, false) || (electric && isElectricSibling(node.name, key))));
  if (top.some((node) => isFamilyMember(node.name, key, false))) return top.map((node) => node.code);
  for (const series of models) {
    if (byName(series.children, name)) return inSeries(series, key, electric);
  }
  const series = models.find((node) => isSeriesName(node.name) && words(seriesBase(node.name)).join(" ") === key.join(" "));
  if (series) return inSeries(series, key, electric) ?? [series.code];
  const joined = key.join("");
  if (/[a-z]$/.test(joined)) {
    const engines = [...models, ...models.flatMap((node) => node.children)].filter(
      (node) => node.children.length === 0 && new RegExp(`^${joined}\\d`).test(words(node.name).join("")),
    );
    if (engines.length > 0) return engines.map((node) => node.code);
  }
  return undefined;
}

/** Blocket ORs repeated `variant` values. The name as given is tried first: a tree may list "Golf VII" itself. */
export function findModelCodes(models: readonly VariantNode[], model: string, options: { make?: string; fuel?: Fuel } = {}): string[] | undefined {
  const electric = options.fuel === "el";
  const names = [...new Set([model.trim(), withoutDecorations(model), baseModelName(model, options.make)])].filter(Boolean);
  for (const name of names) {
    const codes = resolveKey(models, name, electric);
    if (codes) return [...new Set(codes)];
  }
  return undefined;
}

/** For results we filter ourselves (free text is fuzzy): "V60 II" accepts a "V60" ad, "3-serie" a "320d". */
export function adIsModel(ad: { model?: string | undefined; series?: string | undefined; heading?: string | undefined }, model: string, make: string): boolean {
  const base = baseModelName(model, make);
  const key = words(base);
  if (key.length === 0) return false;
  if (ad.model) {
    if (isFamilyMember(ad.model, key, true)) return true;
    return isSeriesName(base) && ad.series !== undefined && words(seriesBase(ad.series)).join(" ") === words(seriesBase(base)).join(" ");
  }
  const heading = words(ad.heading ?? "");
  return heading.some((_, start) => key.every((word, i) => heading[start + i] === word));
}
