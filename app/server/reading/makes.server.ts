import { MAKES, type BodyType, type Make, type MakeOrigin } from "#app/lib/car-facts";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import type { Entry } from "./match.server";
import type { Token } from "./tokenize.server";
import type { Concept, ConceptEntry } from "./vocabulary.server";

// A make in its definite form ("Volvon", "BMW:n") is a particular car, usually the buyer's own, so never a wish.

const ALIASES: Partial<Record<Make, readonly string[]>> = {
  "Alfa Romeo": ["alfa romeo", "alfaromeo", "alfa"],
  "Mercedes-Benz": ["mercedes*", "benz", "merca"],
  Volkswagen: ["volkswagen*", "vw", "folkvagn*"],
  Citroen: ["citroen*"],
  Skoda: ["skoda*"],
  "Land Rover": ["land rover", "landrover", "range rover", "rangerover"],
  "Lynk & Co": ["lynk", "lynk co", "lynk och co"],
  SsangYong: ["ssangyong", "ssang yong", "kgm"],
};

/** Makes that are also ordinary words ("seat", "smart", "mini", "jeep", "mg", "ds"): only when written as names. */
const PROPER_ONLY: ReadonlySet<Make> = new Set<Make>(["Seat", "Smart", "MINI", "Jeep", "MG", "DS"]);

const DEFINITE_ENDINGS = new Set(["n", "en", "et"]);
const notDefinite = (tokens: readonly Token[], index: number) => !DEFINITE_ENDINGS.has(tokens[index]?.ending ?? "");

/** Every make's plain names, to tell "mg" in "varken mg, byd eller volvo" from the ordinary word. */
const MAKE_WORDS: ReadonlySet<string> = new Set(
  MAKES.flatMap((make) => [...(ALIASES[make] ?? [make.toLowerCase()])].map((name) => name.replace(/\*$/u, ""))).filter((name) => !name.includes(" ")),
);
const LIST_JOINERS = new Set([",", "eller", "el", "och", "o", "or", "and", "nor", "varken"]);
const EXCEPTING = new Set(["förutom", "utom", "except", "undantaget"]);
const HEDGES_BETWEEN = new Set(["kanske", "möjligen", "möjligtvis", "eventuellt", "en", "ett", "maybe", "a"]);

/** A make written in lowercase that is also a word ("jeep", "seat") is the make beside another make or after "förutom". */
function amongMakes(tokens: readonly Token[], index: number): boolean {
  for (let back = index - 1; back >= Math.max(0, index - 3); back--) {
    const norm = tokens[back]?.norm ?? "";
    if (EXCEPTING.has(norm)) return true;
    if (!HEDGES_BETWEEN.has(norm)) break;
  }
  const neighbour = (step: number) => {
    const joiner = tokens[index + step]?.norm ?? "";
    const other = tokens[index + 2 * step]?.norm ?? "";
    return LIST_JOINERS.has(joiner) && MAKE_WORDS.has(other);
  };
  return neighbour(1) || neighbour(-1);
}

function inflections(phrase: string): string[] {
  if (phrase.endsWith("*") || phrase.includes(" ")) return [];
  return /[ao]$/.test(phrase) ? [`${phrase}s`, `${phrase.slice(0, -1)}or`] : [`${phrase}s`];
}

/** A misspelt name matches; its inflections match only exactly, or "volvor" would let the definite "Volvon" through. */
const MAKE_CONCEPTS: readonly ConceptEntry[] = MAKES.flatMap((make): ConceptEntry[] => {
  const meaning: Concept = { kind: "make", makes: [make] };
  if (PROPER_ONLY.has(make))
    return [
      { phrases: [make.toLowerCase()], meaning, proper: true, when: notDefinite },
      { phrases: [make.toLowerCase()], meaning, exact: true, when: (tokens, index) => notDefinite(tokens, index) && amongMakes(tokens, index) },
    ];
  const names = ALIASES[make] ?? [make.toLowerCase()];
  return [
    { phrases: names, meaning, when: notDefinite },
    { phrases: names.flatMap(inflections), meaning, exact: true, when: notDefinite },
  ];
});

/** Only names that are not ordinary words ("Focus", "Leaf" are left out), matched exactly: "passar" is no "Passat". */
// prettier-ignore
const MODELS: Partial<Record<Make, readonly string[]>> = {
  Volvo: [
    "v40", "v50", "v60", "v70", "v90", "s60", "s80", "s90", "xc40", "xc60", "xc70", "xc90", "ex30", "ex40", "ex90",
    "c40",
  ],
  Volkswagen: [
    "golf", "passat", "tiguan", "touran", "sharan", "polo", "caddy", "transporter", "multivan", "arteon", "troc",
    "tcross",
  ],
  Skoda: ["octavia", "fabia", "kodiaq", "karoq", "enyaq", "kamiq", "scala"],
  Toyota: [
    "corolla", "yaris", "rav4", "prius", "auris", "avensis", "aygo", "hilux", "chr", "proace", "land cruiser",
    "landcruiser",
  ],
  Nissan: ["qashqai", "juke", "xtrail", "navara", "micra"],
  Subaru: ["outback", "forester", "impreza"],
  Hyundai: ["ioniq*", "kona", "tucson", "i10", "i20", "i30", "santa fe", "santafe"],
  Kia: ["niro", "ceed", "sportage", "sorento", "picanto", "ev6", "ev9", "stonic", "xceed"],
  Ford: ["mondeo", "kuga", "fiesta", "mustang", "ranger", "transit"],
  Audi: ["a3", "a4", "a6", "q2", "q3", "q4", "q5", "q7", "q8", "etron"],
  BMW: ["x1", "x3", "x5", "i3", "i4", "ix3", "3serie*", "5serie*"],
  "Mercedes-Benz": ["aklass", "cklass", "eklass", "glc", "gle", "gla", "eqa", "eqb", "eqc", "vito", "sprinter", "amg"],
  Mazda: ["cx3", "cx5", "cx30", "cx60", "mx5"],
  Renault: ["clio", "captur", "megane", "zoe", "kadjar", "kangoo"],
  Peugeot: ["rifter"],
  Citroen: ["berlingo"],
  Dacia: ["duster", "sandero", "jogger"],
  Mitsubishi: ["outlander", "eclipse cross", "l200"],
  Opel: ["astra", "corsa", "insignia", "zafira", "mokka"],
  Tesla: ["model y", "model s", "model x", "model3", "modely"],
  Honda: ["civic", "crv", "hrv"],
  Suzuki: ["vitara", "jimny"],
  "Land Rover": ["defender", "evoque"],
  Jeep: ["wrangler", "cherokee", "renegade"],
  Seat: ["ibiza", "ateca", "arona", "tarraco"],
  Cupra: ["formentor"],
};

/** A model with one body in the catalogue names it ("XC90" a suv, "V70" a kombi); "A6" comes as both and names none. */
function catalogueBody(make: Make, phrase: string): BodyType[] {
  const name = phrase.replace("*", "");
  const flat = (model: string) => model.toLowerCase().replace(/[\s-]/gu, "");
  const bodies = new Set(
    CATALOGUE.filter((variant) => variant.make === make && (flat(variant.model) === name || variant.model.toLowerCase().startsWith(`${name} `))).flatMap(
      (variant) => variant.bodies.map((body) => body.type),
    ),
  );
  return bodies.size === 1 ? [...bodies] : [];
}

const MODEL_CONCEPTS: readonly ConceptEntry[] = (Object.entries(MODELS) as [Make, readonly string[]][]).flatMap(([make, phrases]) =>
  phrases.map((phrase) => ({
    phrases: [phrase],
    meaning: { kind: "model" as const, make, bodies: catalogueBody(make, phrase) },
    exact: true,
    when: notDefinite,
  })),
);

// prettier-ignore
const ORIGIN_WORDS: Record<MakeOrigin, readonly string[]> = {
  tysk: ["tysk", "tyskt", "tyska", "german"],
  svensk: ["svensk", "svenskt", "svenska", "swedish"],
  japansk: ["japansk", "japanskt", "japanska", "japanese"],
  koreansk: ["koreansk", "koreanskt", "koreanska", "korean"],
  fransk: ["fransk", "franskt", "franska", "french"],
  italiensk: ["italiensk", "italienskt", "italienska", "italian"],
  amerikansk: ["amerikansk", "amerikanskt", "amerikanska", "american"],
  brittisk: ["brittisk", "brittiskt", "brittiska", "engelsk", "engelskt", "engelska", "british", "english"],
  kinesisk: ["kinesisk", "kinesiskt", "kinesiska", "chinese"],
  tjeckisk: ["tjeckisk", "tjeckiskt", "tjeckiska", "czech"],
  spansk: ["spansk", "spanskt", "spanska", "spanish"],
  rumänsk: ["rumänsk", "rumänskt", "rumänska", "romanian"],
};

// prettier-ignore
const CAR_NOUNS = new Set([
  "märke", "märken", "märket", "märkena", "bil", "bilar", "bilarna", "bilmärke", "bilmärken", "bilmärkena", "tillverkare", "tillverkarna",
  "fabrikat", "fabrikaten", "car", "cars",
  "brand", "brands", "make", "makes", "manufacturer", "manufacturers", "premium", "premiumbil", "premiumbilar", "premiummärke",
  "premiummärken", "lyxbil", "lyxbilar", "kvalitet",
]);
// prettier-ignore
const ORIGIN_LEADS = new Set([
  "bara", "endast", "ingen", "inga", "inget", "inte", "helst", "gärna", "något", "only", "no", "not", "but", "nothing",
  "any",
]);

/** "svenska vintrar" is no make: an origin counts before a car noun, in the neuter ("inget tyskt") or after a lead word. */
function originAsMake(tokens: readonly Token[], index: number, direction: -1 | 0 | 1 = 0): boolean {
  const token = tokens[index];
  if (token === undefined) return false;
  if (/skt$/.test(token.norm)) return true;
  if ([1, 2].some((offset) => CAR_NOUNS.has(tokens[index + offset]?.norm ?? ""))) return true;
  if (ORIGIN_LEADS.has(tokens[index - 1]?.norm ?? "")) return true;
  // An alternative to an origin that stands for a make stands for one too ("svensk eller tysk bil").
  const alternative = (step: -1 | 1) => {
    const other = index + 2 * step;
    return ORIGIN_ALTERNATIVES.has(tokens[index + step]?.norm ?? "") && ALL_ORIGIN_WORDS.has(tokens[other]?.norm ?? "") && originAsMake(tokens, other, step);
  };
  return (direction <= 0 && alternative(-1)) || (direction >= 0 && alternative(1));
}

/** "," is a comma kept inside a list ("japansk, koreansk eller tysk bil"). */
const ORIGIN_ALTERNATIVES = new Set(["eller", "och", "or", "and", ","]);
const ALL_ORIGIN_WORDS: ReadonlySet<string> = new Set(Object.values(ORIGIN_WORDS).flat());

const ORIGIN_CONCEPTS: readonly ConceptEntry[] = (Object.entries(ORIGIN_WORDS) as [MakeOrigin, readonly string[]][]).map(
  ([origin, phrases]): Entry<Concept> => ({
    phrases,
    meaning: { kind: "origin", origin },
    exact: true,
    when: originAsMake,
  }),
);

/** Groups and owners of several makes, as buyers name them ("VAG-koncernen", "Stellantis", "Geely-familjen"). */
const MAKE_GROUPS: readonly { makes: readonly Make[]; phrases: readonly string[] }[] = [
  {
    makes: ["Volkswagen", "Audi", "Skoda", "Seat", "Cupra", "Porsche"],
    phrases: [
      "vag",
      "vagkoncern*",
      "vaggrupp*",
      "vagbil*",
      "vagmärk*",
      "vwkoncern*",
      "vwgrupp*",
      "volkswagenkoncern*",
      "volkswagengrupp*",
      "volkswagen group",
      "vw group",
      "vag group",
    ],
  },
  {
    makes: ["Peugeot", "Citroen", "Opel", "Fiat", "DS", "Alfa Romeo", "Jeep", "Maserati"],
    phrases: ["stellantis*", "psa", "psakoncern*", "psagrupp*"],
  },
  { makes: ["Volvo", "Polestar", "Lynk & Co", "Zeekr", "Smart"], phrases: ["geely*"] },
  { makes: ["Hyundai", "Kia"], phrases: ["hyundaikia", "hyundai kia", "hyundai och kia", "hyundaikoncern*", "hyundaigrupp*"] },
];

const GROUP_CONCEPTS: readonly ConceptEntry[] = MAKE_GROUPS.map(({ makes, phrases }) => ({ phrases, meaning: { kind: "make", makes, group: true } }));

const ORIGIN_PEOPLE: Partial<Record<MakeOrigin, readonly string[]>> = {
  tysk: ["tyskar", "tyskarna"],
  japansk: ["japaner", "japanerna", "japsar", "japsarna"],
  koreansk: ["koreaner", "koreanerna"],
  fransk: ["fransoser", "fransoserna", "fransosar", "fransmän", "fransmännen"],
  kinesisk: ["kineser", "kineserna", "kinesare", "kinabil*", "kinabilar"],
  italiensk: ["italienare", "italienarna"],
  amerikansk: ["amerikanare", "amerikanarna", "jänkar", "jänkebil*"],
};

const ORIGIN_PEOPLE_CONCEPTS: readonly ConceptEntry[] = (Object.entries(ORIGIN_PEOPLE) as [MakeOrigin, readonly string[]][]).map(([origin, phrases]) => ({
  phrases,
  meaning: { kind: "origin", origin },
  exact: true,
}));

export const MAKE_VOCABULARY: readonly ConceptEntry[] = [...GROUP_CONCEPTS, ...MAKE_CONCEPTS, ...MODEL_CONCEPTS, ...ORIGIN_CONCEPTS, ...ORIGIN_PEOPLE_CONCEPTS];
