import type { Fuel } from "#app/lib/car-facts";

/**
 * Model names → Blocket's make/model tree. Blocket names base models ("V60", "Golf", "3-Serie"),
 * groups some into series whose children carry a generation ("Golf-Serie" → "Golf VII", "Clio-Serie"
 * → "Clio IV"), a trim ("911-Serie" → "911 Carrera S") or a sibling model ("V60-Serie" → "V60 Cross
 * Country"), and lists some electric versions as models of their own ("208-Serie" → "e-208").
 * Queries arrive as our catalogue's base names, but a name with a generation ("V60 II", "Golf Mk7",
 * "Passat (B8)") must land on the same ads instead of on none.
 */

export type VariantNode = {
  /** Blocket's display name, e.g. "XC60" or "V60-Serie". */
  name: string;
  /** `1.<make>.<id>` (model or series) or `2.<make>.<series>.<id>` (model in a series). */
  code: string;
  children: VariantNode[];
};

/** Lower-case, accents and punctuation removed: "ID.4" → "id4", "Škoda" → "skoda". */
export function normaliseVariantName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/**
 * One word of a name, compared loosely but not blindly: case, accents and most punctuation go
 * ("Mach-E" = "mache", "ID.4" = "ID4"), while a dash or dot between digits and a "+" stay, because
 * they tell models apart (Saab "9-3" is not "93", Toyota "C-HR+" is not "C-HR", "Prius+" is not
 * "Prius").
 */
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

/** Generation numerals as written after a model name ("Golf VII", "Clio IV", "V60 II"). */
const GENERATION = /^(?:I|II|III|IV|V|VI|VII|VIII)$|^(?:ii|iii|iv|vi|vii|viii)$/;
const GENERATION_KEY = /^(?:i|ii|iii|iv|v|vi|vii|viii)$/;
/** "Mk7", "Mk 7", "MK. II". */
const MARK = /\bmk\.?\s*(?:\d+|[ivx]+)\b/gi;

/** Bracketed text and "Mk N" removed, generation numerals kept: "Clio V (2019-)" → "Clio V". */
function withoutDecorations(model: string): string {
  return model.replace(/\([^)]*\)|\[[^\]]*\]/g, " ").replace(MARK, " ").replace(/\s+/g, " ").trim();
}

/**
 * The base name of a model: bracketed text, "Mk N", generation numerals I–VIII and a leading make
 * removed ("V60 II" → "V60", "Passat (B8)" → "Passat", "Golf Mk7" → "Golf", "Volvo XC60 II" →
 * "XC60"). A name that is nothing but such parts ("MK. II", a real Jaguar) is kept as it is.
 */
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

/**
 * Words after a model's name that keep it the same model: a trim or body ("911 Carrera 4 GTS",
 * "Cayenne Coupe", "308 SW", "X5 M", "ID.4 GTX", "Caddy Maxi") or a generation ("Golf VII",
 * "Discovery 5"). Deliberately not "Cross", "Sport", "CC", "Allspace" or "Cross Country": those
 * also name other cars (Yaris Cross, Discovery Sport, Passat CC, Tiguan Allspace, V60 Cross Country).
 */
const TRIM = /^(?:s|t|r|m|gt|gt\d|gti|gtd|gts|gtx|rs|turbo|carrera|targa|coupe|cabrio|cabriolet|sw|maxi)$/;
/** "Macan 4", "Defender 110", "Discovery 5", "911 Carrera 4S"; only inside a series (see below). */
const NUMERAL = /^\d+[a-z]{0,2}$/;

/**
 * True when `name` is the model `key` or one of its trims or generations. Numerals count only
 * inside a series: at the top level "Ioniq 5" and "Seal 6" are other cars than "Ioniq" and "Seal".
 */
function isFamilyMember(name: string, key: readonly string[], numerals: boolean): boolean {
  const own = words(name);
  if (own.length < key.length || key.some((word, i) => own[i] !== word)) return false;
  return own.slice(key.length).every((word) => GENERATION_KEY.test(word) || TRIM.test(word) || (numerals && NUMERAL.test(word)));
}

/** "e-208", "e-Niro", "Corsa-e", "6e", "ZS EV", "Berlingo Electrique", "A6 e-tron" for key "208" … */
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

/**
 * The members of `key` in one series (plus its electric siblings for an EV), or the series code
 * when the series is named after the model and every child is a member ("Clio-Serie": Clio, Clio
 * IV, V, VI): one `variant` value then covers all generations, also ones Blocket adds later. A
 * series named otherwise ("X-Serie" for "X5") is never taken whole, even if a partial tree lists
 * nothing else in it.
 */
function inSeries(series: VariantNode, key: readonly string[], electric: boolean): string[] | undefined {
  const members = series.children.filter(
    (child) => isFamilyMember(child.name, key, true) || (electric && isElectricSibling(child.name, key)),
  );
  if (members.length === 0) return undefined;
  const namedAfter = words(seriesBase(series.name)).join(" ") === key.join(" ");
  return namedAfter && members.length === series.children.length ? [series.code] : members.map((member) => member.code);
}

function resolveKey(models: readonly VariantNode[], name: string, electric: boolean): string[] | undefined {
  const key = words(name);
  if (key.length === 0) return undefined;
  // 1. A series named exactly so ("C-Klass", "3-Serie"): all of it.
  const exact = byName(models, name);
  if (exact && exact.children.length > 0) return [exact.code];
  // 2. Top-level models: the model, its trims ("e-tron S"), its electric twin for an EV ("ZS EV").
  const top = models.filter(
    (node) => node.children.length === 0 && (isFamilyMember(node.name, key, false) || (electric && isElectricSibling(node.name, key))),
  );
  if (top.some((node) => isFamilyMember(node.name, key, false))) return top.map((node) => node.code);
  // 3. A model inside a series ("V60" in V60-Serie, "911" in 911-Serie, "Cooper SE" in Mini-Serie).
  for (const series of models) {
    if (byName(series.children, name)) return inSeries(series, key, electric);
  }
  // 4. A series named after the model ("Golf" → Golf I…VIII, "GLC" → GLC-Klass, "NX" → NX-Serie).
  const series = models.find((node) => isSeriesName(node.name) && words(seriesBase(node.name)).join(" ") === key.join(" "));
  if (series) return inSeries(series, key, electric) ?? [series.code];
  // 5. A name the tree only lists with its engine after it ("CT" → "CT200h").
  const joined = key.join("");
  if (/[a-z]$/.test(joined)) {
    const engines = [...models, ...models.flatMap((node) => node.children)].filter(
      (node) => node.children.length === 0 && new RegExp(`^${joined}\\d`).test(words(node.name).join("")),
    );
    if (engines.length > 0) return engines.map((node) => node.code);
  }
  return undefined;
}

/**
 * The `variant` codes for a model within one make's tree (Blocket ORs repeated values), or
 * undefined when the tree has no such model. The name as given is tried first (a tree may list
 * "Golf VII" or Jaguar's "MK. II" itself), then without brackets and "Mk N", then its base name.
 */
export function findModelCodes(models: readonly VariantNode[], model: string, options: { make?: string; fuel?: Fuel } = {}): string[] | undefined {
  const electric = options.fuel === "el";
  const names = [...new Set([model.trim(), withoutDecorations(model), baseModelName(model, options.make)])].filter(Boolean);
  for (const name of names) {
    const codes = resolveKey(models, name, electric);
    if (codes) return [...new Set(codes)];
  }
  return undefined;
}

/**
 * Whether an ad is of the model asked for, for results we filter ourselves (Blocket's free text
 * is fuzzy). Compares base names, so "V60 II" accepts an ad for "V60" (not "V60 Cross Country"),
 * "Golf" accepts "Golf VII", and "3-serie" accepts a "320d" of the "3-Serie".
 */
export function adIsModel(ad: { model?: string | undefined; series?: string | undefined; heading?: string | undefined }, model: string, make: string): boolean {
  const base = baseModelName(model, make);
  const key = words(base);
  if (key.length === 0) return false;
  if (ad.model) {
    if (isFamilyMember(ad.model, key, true)) return true;
    // Asked for a whole series ("3-serie"): any model of it ("320d") counts.
    return isSeriesName(base) && ad.series !== undefined && words(seriesBase(ad.series)).join(" ") === words(seriesBase(base)).join(" ");
  }
  const heading = words(ad.heading ?? "");
  return heading.some((_, start) => key.every((word, i) => heading[start + i] === word));
}
