import type { BodyType, Fuel, Gearbox, Make, MakeOrigin, Size } from "#app/lib/car-facts";
import type { WishKey } from "#app/lib/requirements";
import type { Entry } from "./match.server";
import { isElectricEv } from "./markers.server";
import type { Token } from "./tokenize.server";

export type Area = "storstad" | "landsbygd";

export type Concept =
  | { kind: "fuel"; fuels: readonly Fuel[] }
  | { kind: "body"; bodies: readonly BodyType[] }
  | { kind: "size"; sizes: readonly Size[] }
  | { kind: "make"; makes: readonly Make[]; group?: true }
  /** A model ("XC60", "Golf"): a preference for its make, since the schema has no model field. */
  | { kind: "model"; make: Make; bodies: readonly BodyType[] }
  | { kind: "origin"; origin: MakeOrigin }
  | { kind: "awd"; opposite?: boolean }
  | { kind: "gearbox"; gearbox: Gearbox }
  | { kind: "thirdRow" }
  | { kind: "adultsBack" }
  /** A `load` is the buyer's to pull even when they own it ("vi har en släpvagn"); a towbar they own is on their present car. */
  | { kind: "towing"; minKg?: number; load?: boolean }
  /** Weight factors per wish key (1 = the clause's full weight); `implied` keys are not named by the words ("familj": säkerhet). */
  /** `refused`: what refusing the word asks for ("inte för dyr" is cheap to buy, "inget krångel" reliable). */
  | {
      kind: "wish";
      wishes: Partial<Record<WishKey, number>>;
      family?: boolean;
      commute?: boolean;
      implied?: readonly WishKey[];
      refused?: Partial<Record<WishKey, number>>;
    }
  | { kind: "region"; northern?: boolean; winter?: boolean; area?: Area; wishes?: Partial<Record<WishKey, number>>; implied?: readonly WishKey[] }
  | { kind: "newDriver" }
  | { kind: "homeCharging" }
  /** Words that would otherwise be misread ("snabbladdning" is not "snabb", "hundra" not "hund"). */
  | { kind: "neutral" };

export type ConceptEntry = Entry<Concept>;

/** A must-have towbar without a weight: a light trailer (≤ 750 kg, any B licence), so only cars that may not tow are ruled out. */
export const LIGHT_TRAILER_KG = 750;

const TOWBAR_LEADS = new Set(["med", "m", "+", ",", "och", "samt", "with", "gärna", "helst", "ha"]);
const towbarSaidShort = (tokens: readonly Token[], index: number) =>
  (index === 0 || TOWBAR_LEADS.has(tokens[index - 1]?.norm ?? "")) && [undefined, ",", "och", "samt"].includes(tokens[index + 1]?.norm);

const concept = (meaning: Concept, phrases: readonly string[], when?: ConceptEntry["when"]): ConceptEntry => ({
  phrases,
  meaning,
  ...(when === undefined ? {} : { when }),
});

// prettier-ignore
const SEDAN_LEADS = new Set([
  "en", "ett", "eller", "a", "helst", "gärna", "typ", "ingen", "inte", "stor", "bekväm", "rymlig", ",",
]);

/** "sedan" is also "then" and "since" ("sedan 2015"): a body only after a lead word or before "eller" or a list's comma. */
function sedanAsBody(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index + 1]?.norm;
  return SEDAN_LEADS.has(tokens[index - 1]?.norm ?? "") || next === "eller" || next === ",";
}

/** "el." abbreviates "eller". */
const notAbbreviation = (tokens: readonly Token[], index: number) => tokens[index]?.dotAfter !== true;

const CAR_HEAD =
  /^(bil|bilar|elbil\p{L}*|bensinbil\p{L}*|dieselbil\p{L}*|hybrid\p{L}*|laddhybrid\p{L}*|halvkombi\p{L}*|kombi|kombin|suv\p{L}*|crossover\p{L}*|hatchback|stadsbil\p{L}*|familjebil\p{L}*|automat|automatbil|pickup|skåpbil|car|suv)$/u;
const SIZE_LEADS = new Set(["något", "nån", "någon", "vara", "är"]);
const SEEKING = /^(söker|letar|behöver|köpa|köper|skaffa|vill)$/u;
const TOWING_WORDS = /^(dra|drar|dras|drag|dragkrok\p{L}*|släp\p{L}*|bogsera)$/u;
/** Slang for the car ("behöver en billig kärra"): sought by the buyer with nothing said of pulling it. */
function soughtCar(tokens: readonly Token[], index: number): boolean {
  if (tokens.some((token) => TOWING_WORDS.test(token.norm))) return false;
  return tokens.slice(Math.max(0, index - 4), index).some((token) => SEEKING.test(token.norm));
}

function sizeOfTheCar(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index + 1]?.norm;
  if (next !== undefined && CAR_HEAD.test(next)) return true;
  const lead = index === 0 || SIZE_LEADS.has(tokens[index - 1]?.norm ?? "");
  return lead && (next === undefined || next === "," || next === "och" || next === "men");
}

/** English "van" after an article; Swedish "van" is "used to" ("van vid"). */
const vanAsBody = (tokens: readonly Token[], index: number) => ["a", "an", "en", "the"].includes(tokens[index - 1]?.norm ?? "");

// prettier-ignore
export const CAR_CONCEPTS: readonly ConceptEntry[] = [
  concept({ kind: "fuel", fuels: ["el"] }, [
    "elbil*", "helelektrisk*", "elektrisk bil*", "elektriska bil*", "elektriskt driven", "eldriv*", "batteribil*",
    "batteridriv*", "elfordon*", "elsuv*", "elkombi*", "elcrossover*", "electric", "electric car*", "electric vehicle*",
    "evs", "bev", "bevs", "fully electric", "all electric",
  ]),
  concept({ kind: "fuel", fuels: ["el"] }, ["el"], notAbbreviation),
  concept({ kind: "fuel", fuels: ["el"] }, ["ev"], isElectricEv),
  concept({ kind: "fuel", fuels: ["laddhybrid"] }, [
    "laddhybrid*", "laddbar hybrid*", "laddbara hybrid*", "plugin*", "plugin hybrid*", "plug in*", "plug in hybrid*",
    "phev*",
  ]),
  concept({ kind: "fuel", fuels: ["elhybrid"] }, [
    "elhybrid*", "hev", "mildhybrid*", "fullhybrid*", "självladdande hybrid*", "selfcharging hybrid*",
    "self charging hybrid*", "hybrid som inte behöver laddas", "hybrid som inte ska laddas", "hybrid som inte laddas",
    "hybrid som laddar sig själv", "hybrid utan sladd", "hybrid that doesn't need charging",
    "hybrid that does not need charging",
  ]),
  concept({ kind: "fuel", fuels: ["elhybrid", "laddhybrid"] }, [
    "hybrid", "hybrider", "hybriden", "hybriderna", "hybridbil*", "hybrids",
  ]),
  concept({ kind: "fuel", fuels: ["bensin"] }, [
    "bensin", "bensinen", "bensinbil*", "bensinmotor*", "bensinare", "bensindriv*", "petrol", "gasoline",
  ]),
  concept({ kind: "fuel", fuels: ["diesel"] }, ["diesel*", "diesl*", "disel*", "tdi", "hvo*"]),
  // "ingen fossil bil" refuses petrol and diesel; "med förbränningsmotor" is anything that burns fuel.
  concept({ kind: "fuel", fuels: ["bensin", "diesel"] }, ["fossil", "fossila", "fossilbil*", "fossildriv*", "fossilfri*"]),
  concept({ kind: "fuel", fuels: ["bensin", "diesel", "elhybrid", "laddhybrid", "e85", "gas"] }, [
    "förbränningsmotor*", "förbränningsbil*", "förbränning", "combustion engine*", "ice car*",
  ]),
  concept({ kind: "fuel", fuels: ["e85"] }, ["etanol*", "e85", "flexifuel*", "flexfuel*", "biopower", "ethanol"]),
  concept({ kind: "fuel", fuels: ["gas"] }, [
    "biogas*", "fordonsgas*", "gasbil*", "gasdrift*", "gasdriv*", "naturgas*", "cng", "metan*",
  ]),

  concept({ kind: "body", bodies: ["halvkombi"] }, ["halvkombi*", "hatchback*", "hatch"]),
  concept({ kind: "body", bodies: ["sedan"] }, ["sedan"], sedanAsBody),
  concept({ kind: "body", bodies: ["sedan"] }, ["sedaner*", "sedanen", "sedanmodell*", "saloon"]),
  concept({ kind: "body", bodies: ["kombi"] }, [
    "kombi", "kombin", "kombis", "kombier", "kombibil*", "kombimodell*", "kombiversion*", "kombiutförande",
    "stationsvagn*", "herrgårdsvagn*", "estate", "wagon", "station wagon", "avant", "touring", "sportswagon", "sports tourer",
    "sportstourer", "allroad",
  ]),
  concept({ kind: "body", bodies: ["suv"] }, [
    "suv*", "stadsjeep*", "crossover*", "premiumsuv*", "lyxsuv*", "familjesuv*", "stadssuv*",
  ]),
  concept({ kind: "body", bodies: ["familjebuss"] }, [
    "familjebuss*", "minibuss*", "mpv*", "minivan*", "people carrier*",
  ]),
  concept({ kind: "body", bodies: ["coupe"] }, ["coupé*", "coupe*"]),
  concept({ kind: "body", bodies: ["cab"] }, [
    "cab", "cabriolet*", "cabbe*", "cabrio*", "convertible*", "roadster*", "sufflett*",
  ]),
  concept({ kind: "body", bodies: ["pickup"] }, ["pickup*", "pick up", "flakbil*"]),
  concept({ kind: "body", bodies: ["skapbil"] }, ["skåpbil*", "skåpis*", "transportbil*", "panel van", "cargo van", "work van", "skåp"]),
  concept({ kind: "body", bodies: ["skapbil"] }, ["van"], vanAsBody),
  concept({ kind: "size", sizes: ["mini", "small"] }, ["småbil*", "minibil*", "stadsbil*", "city car*"]),
  concept({ kind: "size", sizes: ["mini", "small"] }, ["liten", "litet", "lilla"], sizeOfTheCar),
  concept({ kind: "size", sizes: ["large"] }, ["stor", "stort", "stora"], (tokens, index) => CAR_HEAD.test(tokens[index + 1]?.norm ?? "")),
  concept({ kind: "size", sizes: ["large", "xl"] }, ["åbäke", "åbäken", "pansarvagn*", "bjässe", "koloss*", "jättebil*", "monsterbil*"]),
  concept({ kind: "size", sizes: ["mini", "small"] }, ["pluttbil*", "pluttig*", "lillbil*", "leksaksbil*"]),
  concept({ kind: "size", sizes: ["compact"] }, ["kompakt", "kompakta"], (tokens, index) => CAR_HEAD.test(tokens[index + 1]?.norm ?? "")),

  concept({ kind: "awd", opposite: true }, ["tvåhjulsdrift*", "tvåhjulsdriven*", "tvåhjulsdrivna", "2wd", "two wheel drive"]),
  concept({ kind: "awd" }, [
    "riktig fyrhjulsdrift", "fyrhjulsdrift*", "fyrhjulsdriven*", "fyrhjulsdrivna", "fyrhjulsdrivning", "4hjulsdrift*", "4hjulsdriven*",
    "allhjulsdrift*", "allhjulsdriven*", "4wd", "awd", "4x4", "4matic", "4motion", "quattro", "xdrive",
    "all wheel drive", "allwheel drive", "four wheel drive", "fourwheel drive", "fyrhjuls drift", "fyrhjuls drivning",
    "fyrhjuls driven", "4 hjulsdrift", "4 hjulsdriven",
  ]),

  concept({ kind: "gearbox", gearbox: "automat" }, [
    "automat", "automaten", "automatlåd*", "automatväx*", "automatbil*", "automatisk växellåda", "automatiska växlar",
    "automatisk låda", "självväxlande", "automatic", "automatic transmission", "automatic gearbox", "dsg", "cvt",
  ]),
  concept({ kind: "gearbox", gearbox: "manuell" }, [
    "manuell*", "manuellt växlad", "handväxlad*", "växla själv", "manual", "manual transmission", "manual gearbox",
    "stick shift", "stickshift",
  ]),

  concept({ kind: "thirdRow" }, [
    "tredje sätesrad*", "tredje stolsrad*", "tredje raden", "tredje rad", "tredje sittrad*", "third row", "3rd row",
  ]),
  concept({ kind: "adultsBack" }, [
    "vuxna bak", "även vuxna", "vuxna i baksätet", "vuxna längst bak", "fullvuxna", "vuxenplats*", "adults in the back",
  ]),

  { ...concept({ kind: "towing" }, ["drag"], towbarSaidShort), exact: true },
  concept({ kind: "towing" }, [
    "dragkrok*", "drag krok", "dragkapacitet*", "dragvikt*", "bogsera*", "towbar", "tow bar", "tow hitch", "towing",
    "tow",
  ]),
  { ...concept({ kind: "towing", load: true }, ["kärra", "kärran"]), when: (tokens, index) => !soughtCar(tokens, index) },
  concept({ kind: "towing", load: true }, [
    "släp", "släpet", "släpen", "släpvagn*", "släpkärr*", "trailer*", "båtsläp*", "båttrailer*",
    "båt", "båten", "husbåt*", "vattenskoter*", "jetski*", "skoterkärr*", "skotersläp*", "skotervagn*", "vedkärr*",
    "båtkärr*", "mopedsläp*", "älgsläp*", "älgvagn*", "cykelsläp*",
  ]),
  // A small caravan weighs 1 000–1 300 kg loaded, a family caravan 1 500 or more, a horse trailer 2 000 or more;
  // without a stated weight these floors are assumptions, shown to the buyer as ours.
  concept({ kind: "towing", minKg: 1500 }, ["husvagn*", "caravan*", "campingvagn*", "kabe", "kaben"]),
  concept({ kind: "towing", minKg: 2000 }, [
    "hästsläp*", "hästtransport*", "hästvagn*", "hästtrailer*", "horse trailer*", "horsebox*",
  ]),

  concept({ kind: "neutral" }, [
    "förra året", "förra veckan", "förra månaden", "förra sommaren", "förra vintern", "förra hösten", "förra våren",
    "förra gången", "förra helgen", "last year", "last week",
  ]),
  concept({ kind: "neutral" }, [
    "dieselgate", "dieselskandal*", "snabbladd*", "hundra*", "klimatanlägg*", "automatklimat*", "släpp*", "mjukvara*", "kombination*", "elektronik*",
    "elektrisk", "elektriska", "elektriskt", "automatisk", "automatiskt", "automatiska",
  ]),
  // A parking heater burns diesel whatever the car runs on: a winter need, not a fuel.
  concept({ kind: "region", winter: true, wishes: { parkingHeater: 1 } }, [
    "dieselvärmare*", "diesel värmare", "dieseldriven värmare", "bränsledriven värmare", "webasto*", "eberspächer*",
  ]),
];
