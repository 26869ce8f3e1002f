import type { WishKey } from "#app/lib/requirements";
import type { Token } from "./tokenize.server";
import type { Concept, ConceptEntry } from "./vocabulary.server";

type WishFlags = { family?: boolean; commute?: boolean; implied?: readonly WishKey[] };

/** "högre sittning", "hög förarposition": the buyer's own wish for a high seat. */
const HIGH_SEAT_PHRASES = ["hög", "höga", "högt", "högre", "upphöjd", "upphöjt", "higher"].flatMap((height) =>
  ["sittning*", "sittposition*", "sittställning*", "körställning*", "förarposition*", "förarplats*", "sätesposition*", "seating*", "seat*"].map(
    (seat) => `${height} ${seat}`,
  ),
);

const wish = (wishes: Partial<Record<WishKey, number>>, phrases: readonly string[], flags: WishFlags = {}): ConceptEntry => ({
  phrases,
  meaning: { kind: "wish", wishes, ...flags },
});

const region = (meaning: Omit<Extract<Concept, { kind: "region" }>, "kind">, phrases: readonly string[], when?: ConceptEntry["when"]): ConceptEntry => ({
  phrases,
  meaning: { kind: "region", ...meaning },
  ...(when === undefined ? {} : { when }),
});

/** Swedish "is" (ice) next to winter words, never English "is". */
// prettier-ignore
const ICE_NEIGHBOURS = new Set([
  "snö", "och", "på", "med", "mycket", "halka", "blankis", "slask", "kyla", "vägarna", "snön", "vinter", "vintern",
]);
const iceInContext = (tokens: readonly Token[], index: number) =>
  ICE_NEIGHBOURS.has(tokens[index - 1]?.norm ?? "") || ICE_NEIGHBOURS.has(tokens[index + 1]?.norm ?? "");

/**
 * "inte för stor" is about the car's size only when no other noun takes the "stor": "inte för stor
 * förbrukning", "inte för stora kostnader" and "inte för stor budget" are about money.
 */
const NOT_THE_CARS_SIZE =
  /^(förbrukning|bränsleförbrukning|skatt|fordonsskatt|kostnad|driftskostnad|månadskostnad|utgift|budget|motor|försäkring|lån|avbetalning|värdeminskning|avgift|reparation|service)/u;
const sizeOfTheCar = (tokens: readonly Token[], index: number) => {
  for (let at = index; at < index + 3; at++) {
    if (/stor/u.test(tokens[at]?.norm ?? "")) return !NOT_THE_CARS_SIZE.test(tokens[at + 1]?.norm ?? "");
  }
  return true;
};

/** "max 150 000 men helst mindre": a hope below the budget closes its clause, or only "om det går" follows. */
const BELOW_BUDGET_ENDS = new Set(["om", "if", ","]);
const closesClause = (tokens: readonly Token[], index: number) => {
  for (let at = index + 1; at < tokens.length; at++) {
    const norm = tokens[at]?.norm ?? "";
    if (/^(lite|ännu|mindre|under|lägre|billigare)$/u.test(norm)) continue;
    return BELOW_BUDGET_ENDS.has(norm);
  }
  return true;
};

/** Long building materials; "skivor", "rör" and "stege" only beside a trade or a length ("skivor till bygget", not records). */
export const LONG_LOADS = [
  "gipsskiv*",
  "gipsplatt*",
  "spånskiv*",
  "osb*",
  "plywood*",
  "plyfa*",
  "byggskiv*",
  "skivmaterial*",
  "reglar",
  "reglarna",
  "läkt",
  "läkten",
  "plank",
  "planka",
  "plankor",
  "plankorna",
  "bräder",
  "brädor",
  "brädorna",
  "virke",
  "virket",
  "byggvirke",
  "byggmaterial*",
  "långt gods",
  "långgods",
  "långa saker",
  "långa grejer",
  "lumber",
  "plasterboard*",
  "drywall",
];
const BUILDING =
  /^(bygg\p{L}*|snickar\p{L}*|hantverk\p{L}*|firman|jobbet|gips\p{L}*|meter|metersl\p{L}*|m|långa|långt|bygget|bygge|renover\p{L}*|elektriker|rörmokare|vvs\p{L}*|målare)$/u;
export const buildingAround = (tokens: readonly Token[], index: number) =>
  tokens.slice(Math.max(0, index - 5), index + 5).some((token) => BUILDING.test(token.norm));

// prettier-ignore
export const WISH_CONCEPTS: readonly ConceptEntry[] = [
  {
    ...wish({ cheapToBuy: 1 }, [
      "helst mindre", "helst lite mindre", "helst under", "helst lite under", "helst lägre", "helst lite lägre", "helst billigare",
      "gärna mindre", "gärna lite mindre", "gärna under", "gärna lägre", "gärna lite lägre", "hellre mindre", "hellre lägre",
    ]),
    when: closesClause,
  },
  wish({ comfort: 1 }, [
    "komfort*", "bekväm*", "skön*", "fjädring*", "åkkomfort*", "sittkomfort*",
    "ergonomi*", "mjuk gång", "mjuk fjädring", "comfort*", "comfy", "smooth ride",
  ]),
  wish({ comfort: 1 }, ["stolsvärme", "värmestol*", "rattvärme"], { implied: ["comfort"] }),
  wish({ comfort: 1, airSuspension: 1 }, ["luftfjädr*", "luftfjädring", "air suspension"], { implied: ["comfort"] }),
  wish({ comfort: 1, quiet: 1 }, ["tyst*", "ljudnivå*", "låg ljudnivå", "quiet", "lite vägbrus*", "lite vindbrus*", "ljuddämpad*", "ljudisolerad*"], { implied: ["comfort"] }),
  wish({ economy: 1 }, [
    "snål*", "bränslesnål*", "bensinsnål*", "energisnål*", "låg förbrukning", "låg bränsleförbrukning",
    // "inte drar så mycket bensin" is about thirst, not a refused fuel.
    ...["drar mycket", "drar så mycket", "drar lite", "drar så lite", "drar för mycket", "slukar", "inte drar så mycket", "inte drar mycket", "inte drar för mycket"].flatMap((verb) =>
      ["bensin", "diesel", "soppa", "bränsle", "ström", "el"].map((fuel) => `${verb} ${fuel}`)),
    "låg elförbrukning", "bränsleförbrukning*", "förbrukning*", "låga driftskostnad*", "låg driftskostnad*",
    "driftskostnad*", "billig i drift", "inte dyr i drift", "inte för dyr i drift", "inte så dyr i drift",
    "billig att köra", "billig att äga", "billig att tanka", "ekonom*", "economical", "fuel efficient", "efficient",
    "cheap to run", "low running cost*", "good mileage", "mpg",
    // Phone spelling ("billit å köra" is "billigt att köra") and thirst: cheap to run, not to buy.
    "billit å köra", "billigt å köra", "billig å köra", "billi å köra", "billit att köra", "billigt att köra",
    "billit å äga", "billigt å äga", "billig å äga", "billi å äga", "billigt att äga", "billig att ha", "billigt i drift",
    "billit i drift", "billig drift", "inte för törstig", "inte törstig", "inte så törstig", "inte alltför törstig",
    "inte för törstiga", "inte slurpa*", "inte slurpar", "inte slurpa bensin", "inte slurpa diesel",
    "inte dricka bensin", "inte dra mycket bensin", "inte dra mycket diesel", "drar lite", "drar lite bensin", "drar lite diesel",
    "drar lite soppa", "inte dra för mycket", "inte dra för mkt", "inte drar för mycket", "inte drar för mkt",
    "inte drar mycket", "drar inte mycket", "sparsam*", "låg skatt", "låg fordonsskatt", "billig skatt",
    "låg förbrukning",
  ]),
  wish({ safety: 1 }, [
    "säker", "säkra", "säkert", "säkerhet*", "trafiksäker*", "krocksäker*", "trygg*", "krocktest*", "ncap", "euro ncap",
    "nödbroms*", "automatisk nödbroms*", "airbag*", "krockkudd*", "safe", "safety", "safest",
  ]),
  wish({ space: 1 }, [
    "rymlig*", "utrymme*", "lastutrymme*", "bagageutrymme*", "bagage*", "stort bagage*", "mycket plats", "mycke plats",
    "mkt plats",
    "gott om plats", "plats för", "stor bil", "större bil", "stora bilar", "lite större", "fast större", "något större", "nåt större", "lastförmåga", "lasta*", "flyttlass", "ikea",
    "takbox*", "skidbox*", "space", "spacious", "roomy", "big boot", "large boot", "big trunk", "lots of room", "practical",
    "praktisk", "praktiskt", "cargo space", "mycket grejer", "mycke grejer", "mkt grejer",
  ]),
  wish({ space: 1 }, ["hund", "hunden", "hundar", "hundarna", "hundbur*", "vovve*", "valp", "valpen", "dog", "dogs"], { implied: ["space"] }),
  wish({ space: 1 }, LONG_LOADS, { implied: ["space"] }),
  { ...wish({ space: 1 }, ["skivor", "skivorna", "rör", "rören", "stegar", "stege", "stegen"], { implied: ["space"] }), when: buildingAround },
  wish({ space: 1, safety: 1 }, [
    "familj*", "familjebil*", "barnfamilj*", "barn", "barnen", "barnvagn*", "bebis*", "bäbis*", "småbarn*", "ungar",
    "ungarna", "barnstol*", "bilbarnstol*", "bakåtvänd*", "isofix", "barnbarn*", "tonåring*", "kids", "family",
    "children", "baby", "babies", "toddler*",
  ], { family: true, implied: ["space", "safety"] }),
  wish({ reliability: 1 }, [
    "pålitlig*", "driftsäker*", "hållbar*", "problemfri*", "bekymmersfri*", "tålig*", "robust*", "som håller",
    "håller länge", "inte krånglar", "som inte krånglar", "inte går sönder", "kvalitet*", "reliable", "reliability",
    "dependable", "trouble free", "low maintenance", "verkstan", "verkstadsräkning*", "verkstadsbesök*", "dyr att laga",
    "dyrt att laga", "dyra att laga",
  ]),
  wish({ awd: 1 }, ["vintergrepp", "bättre grepp", "bra grepp i snö*", "grepp på vintern", "winter grip"]),
  wish({ sporty: 1 }, [
    "sportig*", "sportbil*", "snabb", "snabba", "snabbt", "snabbare", "körglädje*", "rolig att köra", "roligt att köra",
    "kul att köra", "kul bil", "rolig bil", "acceleration*", "kraftfull*", "pigg", "piggare", "prestanda",
    "hästkrafter", "bakhjulsdrift*", "bakhjulsdriven", "sporty", "fast", "quick", "powerful", "fun to drive",
    "roligare att köra", "något kul", "något ballt", "ballt", "ball bil", "något roligt", "något häftigt",
    "performance",
  ]),
  wish({ highSeating: 1 }, [
    "hög sittposition", "högt sittande", "sitta högt", "sittposition*", "högre sittposition", "high seating", "sit high", "high driving position",
    "sitta högre", "sitta lite högt", "sitta lite högre", "sitter högt", "sitter högre", "sitter lite högre", "sitta upp högt",
    ...HIGH_SEAT_PHRASES,
  ]),
  // An easy way in, or a bad back: a high seat is our answer, not the buyer's words.
  wish({ highSeating: 1 }, [
    "lätt att kliva in", "lätt att kliva i", "lätt att ta sig in", "lätt att komma in", "lätt insteg", "bekvämt insteg", "dålig rygg",
    "ont i ryggen", "ryggproblem*", "dåliga knän", "knäproblem*", "easy to get in", "easy entry",
  ], { implied: ["highSeating"] }),
  wish({ groundClearance: 1 }, ["markfrigång*", "hög markfrigång", "markfrihet*", "frigång*", "frihöjd*", "markhöjd*", "ground clearance"]),
  wish({ groundClearance: 1 }, [
    "dåliga vägar", "gropiga vägar", "terräng*", "offroad*", "off road", "jakt", "jakten", "älgjakt*",
  ], { implied: ["groundClearance"] }),
  wish({ groundClearance: 1, lowRange: 1 }, ["lågväxel*", "låg växel", "lågvxl", "terrängbil*", "terrängare", "low range"], { implied: ["groundClearance"] }),
  wish({ lowInsurance: 1, economy: 1 }, [
    "billig att försäkra och köra", "billig att köra och försäkra", "cheap to insure and run",
    "cheap to run and insure",
  ]),
  wish({ lowInsurance: 1 }, [
    "försäkring*", "billig försäkring", "låg försäkring*", "billig att försäkra", "insurance", "cheap insurance",
    "low insurance", "cheap to insure",
  ]),
  wish({ cityFriendly: 1 }, [
    "lätt att parkera", "lättparkerad*", "parker*", "fickparker*", "smidig*", "kompakt*", "mindre bil", "easy to park",
    "small car", "compact", "nimble",
  ]),
  wish({ cityFriendly: 1 }, ["stadskörning*", "stadstrafik*", "i stan", "i staden", "för stan", "i city", "trånga gator", "city driving"], {
    implied: ["cityFriendly"],
  }),
  { ...wish({ cityFriendly: 1 }, ["inte för stor", "inte för stora", "inte för stort", "inte så stor", "inte jättestor", "lagom stor"]), when: sizeOfTheCar },
  // Money said as size: cheap to run, not a small car.
  wish({ economy: 1 }, [
    "inte för stor förbrukning", "inte för hög förbrukning", "inte för stor skatt", "inte för hög skatt",
    "inte för stora kostnader", "inte för höga kostnader", "inte för stora driftskostnader", "inte för höga driftskostnader",
  ]),
  wish({ environment: 1 }, [
    "miljö*", "miljövänlig*", "miljöbil*", "klimat*", "klimatsmart*", "utsläpp*", "låga utsläpp", "co2", "koldioxid*",
    "fossilfri*", "eco", "environment*", "green car", "low emissions", "emissions", "sustainable",
  ]),
  // Words whose refusal is the wish: "int e för dyr", "int nåkka krångel", "inte så törstig", "inte helt tråkig".
  { phrases: ["tråkig", "tråkigt", "tråkiga", "boring"], meaning: { kind: "wish", wishes: {}, refused: { sporty: 1 } } },
  { phrases: ["dyr", "dyrt", "dyra", "svindyr*", "kosta skjortan", "kostar skjortan", "expensive"], meaning: { kind: "wish", wishes: {}, refused: { cheapToBuy: 1 } } },
  { phrases: ["krångel", "krångla", "krånglar", "krånglig*", "strul", "strula", "strular", "strulig*"], meaning: { kind: "wish", wishes: {}, refused: { reliability: 1 } } },
  // A breakdown refused is reliability, whatever the verb ("inget som rasar direkt", "inte en bil som dör på motorvägen"); told of the old car, it asks for nothing.
  {
    phrases: [
      "rasar", "rasa", "rasar ihop", "rasa ihop", "pajar", "paja", "pajjar", "pajja", "går sönder", "gå sönder", "går sönder hela tiden",
      "dör", "dö", "lägger av", "lägga av", "havererar", "haverera", "ger upp", "ge upp", "breaks down", "break down",
    ],
    meaning: { kind: "wish", wishes: {}, refused: { reliability: 1 } },
  },
  // "inte nåt lågt som skrapar": a low car refused asks for clearance; wanted ("nåt lågt o stabilt"), it asks for nothing here.
  {
    phrases: ["skrapar", "skrapa", "skrapade", "lågbyggd*", "nåt lågt", "något lågt", "låg bil", "låga bilar", "en låg", "low car"],
    meaning: { kind: "wish", wishes: {}, refused: { groundClearance: 1 } },
  },
  { phrases: ["törstig*", "super", "drar mycket", "slukar"], meaning: { kind: "wish", wishes: {}, refused: { economy: 1 } } },
  wish({ cheapToBuy: 1 }, [
    "billig*", "lågt pris", "låg kostnad", "prisvärd*", "inte för dyr", "inte dyr", "inte så dyr",
    "så billig som möjligt", "budgetbil*", "snäv budget", "liten budget", "begränsad budget", "cheap", "cheaper",
    "affordable", "inexpensive", "budget car", "value for money", "tight budget", "budget is tight", "nothing fancy",
    "bäst för pengarna", "mest för pengarna", "bang for the buck",
    "något som rullar", "bara den rullar", "bara rullar", "så länge den rullar", "beater", "cheap beater",
  ]),
  wish({ longTrips: 1 }, [
    "långres*", "långa resor", "långa sträckor", "långkör*", "kör långt", "mest långt", "åker långt", "långa dagar bakom ratten", "långa dagar i bilen", "långfärd*", "roadtrip*", "road trip*", "long trips", "long drives", "long distance*",
  ]),
  wish({ longTrips: 1 }, [
    "motorväg*", "landsväg*", "semester*", "lång räckvidd", "europa*", "laddstopp*", "highway*", "motorway*",
    "e4", "e4an", "e6", "e6an", "e10", "e14", "e16", "e18", "e18an", "e20", "e20an", "e22", "e45", "e65",
  ], { implied: ["longTrips"] }),
  wish({ economy: 1, comfort: 0.7 }, [
    "pendl*", "till jobbet", "till arbetet", "till och från jobbet", "commut*", "to work",
  ], { commute: true, implied: ["economy", "comfort"] }),

  region({ northern: true, winter: true }, [
    "norrland*", "norrbotten*", "västerbotten*", "jämtland*", "härjedalen*", "lappland*", "kiruna", "gällivare", "umeå",
    "luleå", "skellefteå", "piteå", "östersund", "sundsvall", "örnsköldsvik", "fjäll*", "jokkmokk", "arvidsjaur",
    "sorsele", "arjeplog", "överkalix", "övertorneå", "pajala", "dorotea", "åsele", "malå", "norsjö", "älvsbyn", "strömsund",
    "krokom", "jällivare", "malmberget", "här uppe", "uppe i norr", "norrut",
    "haparanda", "kalix", "boden", "lycksele", "vilhelmina", "storuman", "sollefteå", "härnösand", "kramfors",
    "hemavan", "tärnaby", "vemdalen", "funäsdalen", "abisko", "riksgränsen", "ångermanland", "lapland",
  ]),
  // "Åre", but not the dialect "om åre" (om året).
  region({ northern: true, winter: true }, ["åre"], (tokens, index) => tokens[index - 1]?.norm !== "om"),
  region({ winter: true }, [
    "snö*", "snöig*", "isig*", "blankis", "ishalka", "halka", "halt", "halkig*", "vinter*", "vintrar*", "vinterväg*",
    "backar", "backe", "backig*", "branta backar", "kuperad*", "oplogad*", "kyla", "kallt", "minusgrader", "glashal*",
    "skidor", "skidresor", "motorvärmare*", "winter*", "snow*", "icy", "hills", "hilly", "steep",
    "kallstart*", "kall start", "kalla starter", "minusgrader", "köldgrader", "kylan", "kölden", "köld",
  ]),
  region({ winter: true, wishes: { parkingHeater: 1 } }, ["parkeringsvärmare*", "kupévärmare*", "bränslevärmare*", "standheizung"]),
  // "klimat" here is the weather, not the environment.
  region({ winter: true, wishes: { parkingHeater: 1 }, implied: ["parkingHeater"] }, [
    "bra värme", "god värme", "snabb värme", "värmen", "varm bil", "varma bilar", "varm i bilen", "varmt i bilen", "varm kupé",
    "varm och skön", "varmt och skönt",
  ]),
  region({ winter: true }, ["kallt klimat", "kall klimat", "kalla klimat", "kallare klimat", "kallt väder", "kyligt klimat"]),
  // "minus 30", "35 minus": a temperature, not a drawback ("ett minus är …").
  region({ winter: true }, ["minus"], (tokens, index) =>
    [tokens[index - 1], tokens[index + 1]].some((token) => token?.number !== undefined)),
  // Mountain resorts south of Norrland: real winters, but no northern electricity prices.
  region({ winter: true }, ["sälen", "idre", "branäs", "romme"]),
  region({ winter: true }, ["is"], iceInContext),
  region({ area: "storstad" }, ["stockholm*", "göteborg*", "gbg", "gothenburg", "malmö*", "storstad*", "big city"]),
  region({ area: "storstad", wishes: { cityFriendly: 0.7 }, implied: ["cityFriendly"] }, [
    "innerstan", "innerstaden", "city centre", "city center",
  ]),
  region({ area: "landsbygd" }, [
    "på landet", "ute på landet", "landsbygd*", "glesbygd*", "på en gård", "bondgård*", "countryside", "rural",
    "in the country",
  ]),
  region({ area: "landsbygd", wishes: { groundClearance: 1 }, implied: ["groundClearance"] }, [
    "grusväg*", "grusvägar*", "skogsbilväg*", "skogsväg*", "grus", "gravel*", "dirt road*", "forest road*",
  ]),

  {
    phrases: [
      "nytt körkort", "nyblivet körkort", "nyss tagit körkort", "precis tagit körkort", "tagit körkortet",
      "fått körkort", "fått körkortet", "körkortet nyss", "ny förare", "nybliven förare", "new driver",
      "newly licensed", "just got my license", "just got my licence", "just passed my test",
    ],
    meaning: { kind: "newDriver" },
  },
  {
    phrases: [
      "laddbox*", "ladda hemma", "laddstolpe*", "hemmaladd*", "egen laddare", "laddplats*", "charge at home",
      "home charger", "wallbox",
    ],
    meaning: { kind: "homeCharging" },
  },
];
