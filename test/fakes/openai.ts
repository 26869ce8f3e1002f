/**
 * A fake OpenAI-compatible server (Chat Completions wire format, JSON and SSE streaming) for tests
 * and the benchmark. It listens on 127.0.0.1:0, simulates time-to-first-token and a token rate,
 * and writes plausible, deterministic Swedish content for whatever cars it is asked about.
 *
 * The behaviour is chosen by the request's `model`, "<mode>" or "<mode>/<key>"; the key groups
 * recorded requests so that parallel tests never read each other's. Modes:
 *   ok               valid answers
 *   rate-limited     first request per key: 429 + Retry-After (options.retryAfterSeconds), then ok
 *   rate-limited-long  every request: 429 + Retry-After: 120
 *   server-error     every request: 500
 *   slow             answers after options.slowMs (past any sane client timeout)
 *   malformed        200 with message content that is not JSON (truncated)
 *   malformed-body   200 whose HTTP body (or SSE event) is not JSON
 *   schema           schema-violating content, valid once the request carries a repair turn
 *   constraints      shortlist with cars over budget and of the wrong body type
 *   details-error    ok, except that every car_details request for rank 3 answers 500
 * Any other model name behaves like "ok". Only POST /v1/chat/completions is served; every other
 * request is recorded as unexpected and answered 404.
 *
 * It understands the adapter's requests by the response_format's json_schema name
 * ("car_shortlist", "car_details", or "car_suggestions" for the single-call baseline) and the
 * first ```json block of the first user message. Plain Node, no dependencies: the benchmark runs
 * it with `node --experimental-strip-types`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { seededRandom } from "../../app/lib/seeded-random.ts";

export type FakeOpenAIOptions = {
  /** Simulated time to first token, ms. */
  ttftMs?: number;
  /** Simulated output rate. */
  tokensPerSecond?: number;
  /** Delay of the "slow" mode, ms. */
  slowMs?: number;
  /** Retry-After of the "rate-limited" mode, seconds. */
  retryAfterSeconds?: number;
};

export type RecordedRequest = {
  seq: number;
  /** Date.now() when the request arrived. */
  at: number;
  method: string;
  path: string;
  model: string;
  mode: string;
  key: string;
  schemaName: string | undefined;
  stream: boolean;
  /** True when the conversation already holds an assistant turn (a repair request). */
  repair: boolean;
  status: number;
  /** The message content we answered with, when we answered with one. */
  responseContent?: string;
  /** How much of it reached the client (less than all when a stream was closed early). */
  sentChars?: number;
  body: unknown;
};

export type FakeOpenAI = {
  url: string;
  requests: RecordedRequest[];
  unexpected: RecordedRequest[];
  close(): Promise<void>;
};

/** Rough tokens for JSON with Swedish text (cl100k/o200k average about four characters). */
export const CHARS_PER_TOKEN = 4;

// ---------------------------------------------------------------------------------------------
// Deterministic content

type Fuel = "bensin" | "diesel" | "hybrid" | "laddhybrid" | "el";
type BodyType = "smabil" | "halvkombi" | "sedan" | "kombi" | "suv" | "familjebuss" | "coupe-cab" | "pickup";
type CatalogueCar = {
  make: string;
  model: string;
  body: BodyType;
  lo: number;
  hi: number;
  year: number;
  fuel: Fuel;
  awd: boolean;
  strength: string;
  flaw: string;
};

const car = (
  make: string,
  model: string,
  body: BodyType,
  lo: number,
  hi: number,
  year: number,
  fuel: Fuel,
  awd: boolean,
  strength: string,
  flaw: string,
): CatalogueCar => ({ make, model, body, lo, hi, year, fuel, awd, strength, flaw });

const CATALOGUE: CatalogueCar[] = [
  car("Volvo", "V60 II", "kombi", 180_000, 320_000, 2019, "diesel", false, "stort bagageutrymme och mycket god krocksäkerhet", "AdBlue-systemet och enstaka fel i infotainmentsystemet"),
  car("Volvo", "V70 III", "kombi", 50_000, 140_000, 2012, "diesel", false, "rymlig, bekväm och lättsåld på Blocket", "slitna bakre hjulupphängningar och läckande oljekylare"),
  car("Volvo", "V90", "kombi", 220_000, 380_000, 2018, "diesel", true, "lyxig komfort på långresor", "dyra reservdelar och känslig luftfjädring"),
  car("Skoda", "Octavia III Kombi", "kombi", 70_000, 180_000, 2015, "bensin", false, "enormt utrymme för pengarna", "DSG-lådan kräver oljebyten och kamkedjan på tidiga TSI-motorer"),
  car("Skoda", "Superb III Kombi", "kombi", 140_000, 300_000, 2017, "diesel", true, "limousinliknande benutrymme bak", "partikelfiltret vid mycket stadskörning"),
  car("VW", "Passat B8 Sportscombi", "kombi", 110_000, 260_000, 2016, "diesel", false, "tyst och ekonomisk på landsväg", "DSG-koppling och partikelfilter"),
  car("Kia", "Ceed SW", "kombi", 130_000, 230_000, 2019, "bensin", false, "sju års nybilsgaranti som följer bilen", "enstaka elfel i infotainmentsystemet"),
  car("Toyota", "Corolla Touring Sports", "kombi", 180_000, 300_000, 2019, "hybrid", false, "mycket pålitligt hybridsystem", "litet bagage jämfört med klassens bästa"),
  car("Subaru", "Outback", "kombi", 150_000, 280_000, 2016, "bensin", true, "fyrhjulsdrift och markfrigång för vinterväglag", "hög bränsleförbrukning och CVT-lådan"),
  car("Volvo", "XC60 II", "suv", 250_000, 450_000, 2018, "laddhybrid", true, "hög säkerhet och bra andrahandsvärde", "laddhybridens batterikapacitet och bromsar som rostar vid lite användning"),
  car("Volvo", "XC40", "suv", 200_000, 330_000, 2018, "bensin", false, "smidig i stan och hög sittposition", "växellådans mjukvara och stenskott i rutan"),
  car("Toyota", "RAV4 Hybrid", "suv", 180_000, 380_000, 2017, "hybrid", true, "mycket pålitlig och stark andrahandsmarknad", "rostskydd under bilen bör kontrolleras"),
  car("Kia", "Niro Hybrid", "suv", 130_000, 220_000, 2017, "hybrid", false, "låg förbrukning och lång garanti", "klena standardbromsar"),
  car("Kia", "Sportage", "suv", 150_000, 300_000, 2017, "diesel", true, "prisvärd och välutrustad", "partikelfiltret vid korta resor"),
  car("Skoda", "Kodiaq", "suv", 200_000, 320_000, 2017, "diesel", true, "sju säten och stort utrymme", "DSG-lådan och AdBlue-givare"),
  car("Tesla", "Model Y", "suv", 300_000, 450_000, 2021, "el", true, "låg driftskostnad och snabbladdning", "byggkvalitet, spelrum i panelerna och dyra försäkringar"),
  car("VW", "Golf VII", "halvkombi", 70_000, 180_000, 2014, "bensin", false, "välbalanserad och lättsåld", "vattenpump och kamkedja på tidiga TSI-motorer"),
  car("Toyota", "Auris Hybrid", "halvkombi", 80_000, 170_000, 2014, "hybrid", false, "mycket låg felfrekvens", "buller från bakaxeln och tunn ljudisolering"),
  car("Kia", "Ceed", "halvkombi", 120_000, 200_000, 2018, "bensin", false, "lång garanti och bra utrustning", "enstaka startproblem i kyla"),
  car("Polestar", "2", "halvkombi", 230_000, 400_000, 2020, "el", false, "bra räckvidd och modern design", "tidiga mjukvarufel och 12-voltsbatteriet"),
  car("Nissan", "Leaf", "halvkombi", 60_000, 200_000, 2018, "el", false, "billig elbil för pendling", "saknar aktiv batterikylning; kontrollera batterihälsan"),
  car("Toyota", "Yaris Hybrid", "smabil", 110_000, 200_000, 2018, "hybrid", false, "mycket låg förbrukning och hög tillförlitlighet", "trång baksäte"),
  car("VW", "Polo", "smabil", 70_000, 170_000, 2016, "bensin", false, "vuxen känsla i en liten bil", "kamkedjan på äldre 1,2 TSI"),
  car("Renault", "Clio V", "smabil", 110_000, 200_000, 2020, "bensin", false, "lättkörd och prisvärd", "oljeförbrukning på äldre TCe-motorer"),
  car("Hyundai", "i20", "smabil", 80_000, 170_000, 2016, "bensin", false, "prisvärd med bra garanti", "enkel interiör"),
  car("Volvo", "S60 III", "sedan", 220_000, 360_000, 2019, "bensin", false, "bekväm och säker", "dyra reparationer efter garantitiden"),
  car("Tesla", "Model 3", "sedan", 180_000, 380_000, 2019, "el", false, "effektiv och snabb med bra laddnätverk", "fukt i strålkastare och slitna länkarmar"),
  car("BMW", "3-serie G20", "sedan", 230_000, 380_000, 2019, "diesel", false, "mycket bra köregenskaper", "dyr service och elektronikfel"),
  car("VW", "Touran", "familjebuss", 100_000, 250_000, 2016, "bensin", false, "sju säten och flexibel inredning", "DSG-lådan och vattenpump"),
  car("Ford", "S-Max", "familjebuss", 90_000, 230_000, 2016, "diesel", false, "rymlig och bra på väg", "kopplingen och partikelfiltret"),
  car("Mazda", "MX-5", "coupe-cab", 120_000, 280_000, 2016, "bensin", false, "ren körglädje till rimlig driftkostnad", "rost i trösklar på äldre exemplar"),
  car("Volvo", "C70", "coupe-cab", 60_000, 150_000, 2008, "bensin", false, "fyrsitsig cab med plåttak", "takmekanismen och dess sensorer"),
  car("Toyota", "Hilux", "pickup", 180_000, 400_000, 2016, "diesel", true, "mycket tålig och behåller värdet", "rost på flaket och ramen"),
  car("Ford", "Ranger", "pickup", 160_000, 380_000, 2016, "diesel", true, "stark dragkapacitet", "insprutare och kopplingen"),
];

const FUEL_LABELS: Record<Fuel, string> = {
  bensin: "bensinmotor",
  diesel: "dieselmotor",
  hybrid: "elhybrid",
  laddhybrid: "laddhybrid",
  el: "eldrift",
};

const round5k = (value: number) => Math.max(5_000, Math.round(value / 5_000) * 5_000);
const sv = (value: number) => new Intl.NumberFormat("sv-SE").format(value).replace(/\u202f/g, " ");

type BuyerInput = {
  description: string;
  maxPrice: number;
  carType: string;
  sellerType: string;
  count: number;
};

type ShortlistCar = {
  carMake: string;
  carModel: string;
  bodyType: BodyType;
  overall: number;
  comfort: number;
  performance: number;
  security: number;
  reliability: number;
  economy: number;
  yearFrom: number;
  priceFrom: number;
  priceTo: number;
  mileageTo: number;
};

function shortlistFor(input: BuyerInput): ShortlistCar[] {
  const rand = seededRandom(`${input.description}|${input.maxPrice}|${input.carType}`);
  const pool = CATALOGUE.filter((entry) => input.carType === "alla" || entry.body === input.carType)
    .map((entry) => ({ entry, order: (entry.lo <= input.maxPrice ? 0 : 1) + rand() }))
    .sort((a, b) => a.order - b.order)
    .map(({ entry }) => entry);
  const source = pool.length > 0 ? pool : CATALOGUE;
  const cars: ShortlistCar[] = [];
  for (let i = 0; i < input.count; i++) {
    const entry = source[i % source.length] as CatalogueCar;
    const generation = Math.floor(i / source.length);
    // Beyond the catalogue: older generations of the same models, cheaper and older.
    const age = generation * 5;
    const scale = Math.pow(0.6, generation);
    const priceTo = round5k(Math.min(entry.hi * scale, input.maxPrice - 5_000));
    const priceFrom = Math.min(round5k(entry.lo * scale), round5k(priceTo * 0.75));
    const stretch = entry.lo * scale > input.maxPrice ? Math.ceil(((entry.lo * scale) / input.maxPrice - 1) * 6) : 0;
    const overall = Math.max(40, 92 - i * 3 - Math.floor(rand() * 3));
    const score = () => Math.min(98, Math.max(35, Math.round(overall + (rand() - 0.5) * 24)));
    cars.push({
      carMake: entry.make,
      carModel: generation === 0 ? entry.model : `${entry.model} (generation ${generation + 1} bakåt)`,
      bodyType: entry.body,
      overall,
      comfort: score(),
      performance: score(),
      security: score(),
      reliability: score(),
      economy: score(),
      yearFrom: entry.year - age - stretch,
      priceFrom,
      priceTo,
      mileageTo: Math.round((8_000 + (2026 - entry.year + age + stretch) * 1_100 + rand() * 2_000) / 500) * 500,
    });
  }
  return cars;
}

function withConstraintViolations(cars: ShortlistCar[], input: BuyerInput): ShortlistCar[] {
  return cars.map((entry, i) => {
    if (i === 1) return { ...entry, priceFrom: input.maxPrice + 20_000, priceTo: input.maxPrice + 60_000 };
    if (i === 2) return { ...entry, priceTo: input.maxPrice + 30_000 };
    if (i === 4) return { ...entry, bodyType: entry.bodyType === "suv" ? "sedan" : "suv" };
    return entry;
  });
}

function catalogueEntry(make: string, model: string): CatalogueCar | undefined {
  return CATALOGUE.find((entry) => entry.make === make && model.startsWith(entry.model));
}

type DetailsInput = BuyerInput & Partial<ShortlistCar> & { rank?: number };

function detailsFor(input: DetailsInput) {
  const make = input.carMake ?? "Volvo";
  const model = input.carModel ?? "V60";
  const entry = catalogueEntry(make, model);
  const fuel: Fuel = entry?.fuel ?? "bensin";
  const name = `${make} ${model}`;
  const rand = seededRandom(`${input.description}|${name}`);
  const yearFrom = input.yearFrom ?? 2016;
  const priceFrom = input.priceFrom ?? 100_000;
  const priceTo = input.priceTo ?? input.maxPrice;
  const mileageTo = input.mileageTo ?? 15_000;
  const strength = entry?.strength ?? "bra helhet för pengarna";
  const flaw = entry?.flaw ?? "normalt slitage på bromsar och hjulupphängning";
  const seller =
    input.sellerType === "privat"
      ? "Köper du privat gäller köplagen, så be om servicebok och gör gärna en besiktning innan affären."
      : input.sellerType === "handlare"
        ? "Hos en handlare gäller konsumentköplagen med tre års reklamationsrätt, vilket motiverar det något högre priset."
        : "Både privata och handlarannonser finns; handlaren ger starkare konsumentskydd medan privatköp ofta är billigare.";
  const winter = entry?.awd
    ? "Fyrhjulsdriften ger gott grepp på snö och is, och markfrigången hjälper på oplogade vägar."
    : "Med bra vinterdäck klarar den svenska vintrar väl, men framhjulsdriften kräver lite mer försiktighet i backar med is.";
  const fuelText =
    fuel === "el"
      ? "Räkna med att förbrukningen ökar med 20–40 procent i kyla och att förvärmning via appen gör stor skillnad."
      : fuel === "diesel"
        ? "Dieselmotorn passar långa resor, men korta stadsturer kan sätta igen partikelfiltret."
        : fuel === "laddhybrid"
          ? "Laddhybriden gör det mesta av pendlingen på el om du kan ladda hemma, och fordonsskatten ligger på 360 kr om året."
          : "Motorn är beprövad och billig att serva, och förbrukningen är rimlig för klassen.";
  const tax =
    fuel === "el" || fuel === "laddhybrid"
      ? 360
      : yearFrom >= 2023
        ? 4_000 + Math.round(rand() * 5_000)
        : fuel === "diesel"
          ? 1_500 + Math.round(rand() * 2_000)
          : 600 + Math.round(rand() * 1_200);
  const fuelCost =
    fuel === "el"
      ? 4_000 + Math.round(rand() * 1_000)
      : fuel === "laddhybrid"
        ? 6_000 + Math.round(rand() * 2_000)
        : fuel === "hybrid"
          ? 7_500 + Math.round(rand() * 1_000)
          : fuel === "diesel"
            ? 9_000 + Math.round(rand() * 1_500)
            : 11_000 + Math.round(rand() * 2_000);
  return {
    carTagline: `${name} – ${strength.split(" och ")[0]} till ett rimligt pris.`,
    pros: [
      `${strength.charAt(0).toUpperCase()}${strength.slice(1)}.`,
      `Gott om exemplar på Blocket i intervallet ${sv(priceFrom)}–${sv(priceTo)} kr.`,
      `${FUEL_LABELS[fuel].charAt(0).toUpperCase()}${FUEL_LABELS[fuel].slice(1)} som passar svensk vardagskörning.`,
      `Reservdelar och verkstäder finns över hela landet.`,
    ],
    cons: [
      `Känd svaghet: ${flaw}.`,
      `Försäkringen kan bli dyr för unga förare eller i storstad.`,
      `Exemplar nära ${sv(mileageTo)} mil kräver noggrann kontroll av servicehistoriken.`,
    ],
    whyItFits: `Du beskrev: "${input.description.slice(0, 80)}". ${name} passar eftersom den har ${strength}. Den ryms i din budget på ${sv(input.maxPrice)} kr med årsmodell ${yearFrom} eller senare. ${seller}`,
    deepDiveAnalysis: [
      `${name} från ${yearFrom} och framåt är ett av de mer genomtänkta valen i sin klass på den svenska begagnatmarknaden.`,
      `Den vanligaste varianten har ${FUEL_LABELS[fuel]}, och ${fuelText.charAt(0).toLowerCase()}${fuelText.slice(1)}`,
      winter,
      `Krocksäkerheten är god enligt Euro NCAP för generationen, och de flesta exemplar har filhållning och automatisk nödbroms.`,
      `Andrahandsvärdet håller sig väl eftersom modellen är efterfrågad på Blocket, vilket gör att du får tillbaka en större del av pengarna när du säljer.`,
      `Leta efter bilar med högst ${sv(mileageTo)} mil, fullständig servicebok och gärna två hjulsatser, eftersom vinterdäck är obligatoriska vid vinterväglag från 1 december till 31 mars.`,
      `Kontrollera registreringsnumret hos Transportstyrelsen för skatt, besiktning och eventuellt körförbud, och se till att ingen kreditgivare har ägarförbehåll.`,
      `En provkörning på både landsväg och i stadstrafik avslöjar det mesta om växellåda, bromsar och hjulupphängning.`,
      `Sammantaget är ${name} ett tryggt och rationellt köp för den som vill ha ${strength} utan att spräcka budgeten.`,
    ].join(" "),
    commonFlaws: `Den vanligaste svagheten är ${flaw}. Som på alla bilar i åldern bör du också kontrollera bromsskivor, rost under bilen efter saltade vintervägar och att alla elektriska funktioner fungerar. Be om kvitton på större reparationer.`,
    ownershipCost: {
      insurance: Math.round((3_500 + priceTo / 60 + rand() * 1_000) / 100) * 100,
      tax,
      fuel: fuelCost,
      maintenance: Math.round((4_000 + (2026 - yearFrom) * 250 + rand() * 1_000) / 100) * 100,
    },
  };
}

function fullSuggestionsFor(input: BuyerInput) {
  return shortlistFor(input).map((entry, index) => {
    const details = detailsFor({ ...input, ...entry, rank: index + 1 });
    return {
      carName: `${entry.carMake} ${entry.carModel}`,
      carMake: entry.carMake,
      carModel: entry.carModel,
      carTagline: details.carTagline,
      ratings: {
        rank: index + 1,
        overall: entry.overall,
        comfort: entry.comfort,
        performance: entry.performance,
        security: entry.security,
        reliability: entry.reliability,
        economy: entry.economy,
        finalScore: 0,
      },
      pros: details.pros,
      cons: details.cons,
      recommendedYear: { from: entry.yearFrom },
      recommendedPrice: { from: entry.priceFrom, to: entry.priceTo },
      recommendedMileage: { to: entry.mileageTo },
      whyItFits: details.whyItFits,
      deepDiveAnalysis: details.deepDiveAnalysis,
      commonFlaws: details.commonFlaws,
      ownershipCost: details.ownershipCost,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Wire format

type ChatMessage = { role?: string; content?: unknown };
type ChatRequest = {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type?: string; json_schema?: { name?: string } };
};

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
  }
  return "";
}

function parseInput(messages: ChatMessage[]): Record<string, unknown> {
  const user = messages.find((message) => message.role === "user");
  const match = /```json\s*([\s\S]*?)```/.exec(textOf(user?.content));
  if (!match?.[1]) return {};
  try {
    const value: unknown = JSON.parse(match[1]);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function buyerInput(raw: Record<string, unknown>): BuyerInput {
  return {
    description: typeof raw.description === "string" ? raw.description : "",
    maxPrice: typeof raw.maxPrice === "number" ? raw.maxPrice : 250_000,
    carType: typeof raw.carType === "string" ? raw.carType : "alla",
    sellerType: typeof raw.sellerType === "string" ? raw.sellerType : "alla",
    count: typeof raw.count === "number" ? Math.min(Math.max(1, raw.count), 40) : 10,
  };
}

function contentFor(schemaName: string | undefined, mode: string, repair: boolean, raw: Record<string, unknown>): string | undefined {
  const input = buyerInput(raw);
  const violate = mode === "schema" && !repair;
  switch (schemaName) {
    case "car_shortlist": {
      let cars: unknown[] = shortlistFor(input);
      if (mode === "constraints") cars = withConstraintViolations(cars as ShortlistCar[], input);
      if (violate) {
        cars = cars.map((entry, i) => {
          const copy = { ...(entry as Record<string, unknown>) };
          if (i === 0) copy.overall = 140;
          if (i === 1) delete copy.mileageTo;
          return copy;
        });
      }
      return JSON.stringify({ cars });
    }
    case "car_details": {
      const details: Record<string, unknown> = detailsFor({ ...input, ...(raw as Partial<ShortlistCar>) });
      if (violate) {
        details.pros = [];
        delete details.deepDiveAnalysis;
      }
      return JSON.stringify(details);
    }
    case "car_suggestions":
      return JSON.stringify({ suggestions: fullSuggestionsFor(input) });
    default:
      return undefined;
  }
}

const MODES = new Set([
  "ok",
  "rate-limited",
  "rate-limited-long",
  "server-error",
  "slow",
  "malformed",
  "malformed-body",
  "schema",
  "constraints",
  "details-error",
]);

function parseModel(model: string): { mode: string; key: string } {
  const [mode = "", ...rest] = model.split("/");
  return MODES.has(mode) ? { mode, key: rest.join("/") || mode } : { mode: "ok", key: model };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function apiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const ttftMs = options.ttftMs ?? 500;
  const tokensPerSecond = options.tokensPerSecond ?? 80;
  const slowMs = options.slowMs ?? 60_000;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  const requests: RecordedRequest[] = [];
  const unexpected: RecordedRequest[] = [];
  const seenKeys = new Map<string, number>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let seq = 0;
  let completionId = 0;

  /** Resolves after `ms`, or early (false) if the client went away. */
  const wait = (ms: number, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off("close", onClose);
        resolve(true);
      }, ms);
      const onClose = () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      };
      timers.add(timer);
      res.once("close", onClose);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const query = new URL(req.url ?? "/", "http://fake").searchParams;

    // Control endpoints for tests running in workerd, which cannot see this process's memory.
    if (req.method === "GET" && path === "/__fake/requests") {
      const key = query.get("key");
      return sendJson(res, 200, key ? requests.filter((r) => r.key === key) : requests);
    }
    if (req.method === "GET" && path === "/__fake/unexpected") return sendJson(res, 200, unexpected);

    const text = await readBody(req);
    let body: ChatRequest = {};
    try {
      body = text ? (JSON.parse(text) as ChatRequest) : {};
    } catch {
      body = {};
    }
    const model = typeof body.model === "string" ? body.model : "";
    const { mode, key } = parseModel(model);
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const record: RecordedRequest = {
      seq: ++seq,
      at: Date.now(),
      method: req.method ?? "",
      path,
      model,
      mode,
      key,
      schemaName: body.response_format?.json_schema?.name,
      stream: body.stream === true,
      repair: messages.some((message) => message.role === "assistant"),
      status: 0,
      body,
    };

    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      record.status = 404;
      unexpected.push(record);
      return sendJson(res, 404, apiError(`Unknown request to ${req.method} ${path}`, "invalid_request_error", null));
    }
    requests.push(record);
    const respond = (status: number, payload: unknown, headers?: Record<string, string>) => {
      record.status = status;
      sendJson(res, status, payload, headers);
    };

    if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) {
      return respond(401, apiError("You didn't provide an API key.", "invalid_request_error", "invalid_api_key"));
    }
    if (mode === "rate-limited-long") {
      return respond(429, apiError("Rate limit reached for requests", "requests", "rate_limit_exceeded"), {
        "retry-after": "120",
      });
    }
    if (mode === "rate-limited" && !seenKeys.has(key)) {
      seenKeys.set(key, 1);
      return respond(429, apiError("Rate limit reached for requests", "requests", "rate_limit_exceeded"), {
        "retry-after": String(retryAfterSeconds),
      });
    }
    if (mode === "server-error") {
      return respond(500, apiError("The server had an error while processing your request.", "server_error", null));
    }
    if (mode === "slow" && !(await wait(slowMs, res))) return;

    const raw = parseInput(messages);
    if (mode === "details-error" && record.schemaName === "car_details" && raw.rank === 3) {
      return respond(500, apiError("The server had an error while processing your request.", "server_error", null));
    }
    let content = contentFor(record.schemaName, mode, record.repair, raw);
    if (content === undefined) {
      return respond(400, apiError("Unsupported response_format for this fake", "invalid_request_error", null));
    }
    if (mode === "malformed") content = content.slice(0, Math.floor(content.length / 2));
    record.responseContent = content;

    const completionTokens = Math.ceil(content.length / CHARS_PER_TOKEN);
    const promptTokens = Math.ceil(JSON.stringify(messages).length / CHARS_PER_TOKEN);
    const id = `chatcmpl-fake${++completionId}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };

    if (record.stream) {
      record.status = 200;
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`;
      if (!(await wait(ttftMs, res))) return;
      if (mode === "malformed-body") {
        res.end(`data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":\n\n`);
        return;
      }
      res.write(chunk({ role: "assistant", content: "", refusal: null }, null));
      const started = Date.now();
      let sent = 0;
      while (sent < content.length) {
        if (!(await wait(25, res))) return;
        const due = Math.min(content.length, Math.floor(((Date.now() - started) / 1000) * tokensPerSecond * CHARS_PER_TOKEN));
        if (due > sent) {
          res.write(chunk({ content: content.slice(sent, due) }, null));
          sent = due;
          record.sentChars = sent;
        }
      }
      res.write(chunk({}, "stop"));
      if (body.stream_options?.include_usage) {
        res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`);
      }
      res.end("data: [DONE]\n\n");
      return;
    }

    if (!(await wait(ttftMs + (completionTokens / tokensPerSecond) * 1000, res))) return;
    if (mode === "malformed-body") {
      record.status = 200;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"id":"${id}","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":`);
      return;
    }
    record.sentChars = content.length;
    respond(200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [
        { index: 0, message: { role: "assistant", content, refusal: null, annotations: [] }, logprobs: null, finish_reason: "stop" },
      ],
      usage,
      system_fingerprint: "fp_fake",
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, apiError(String(error), "server_error", null));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
