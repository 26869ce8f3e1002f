import { describe, expect, it } from "vitest";
import { MAKE_ORIGIN, MAKES, type MakeOrigin } from "#app/lib/car-facts";
import { BuyerRequirementsSchema, WISH_KEYS, type BuyerRequirements, type WishKey } from "#app/lib/requirements";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { summariseRequirements } from "#app/server/reading/summary.server";
import { tokenize } from "#app/server/reading/tokenize.server";
import type { SearchInput } from "#app/lib/search-form";

/**
 * The offline requirements parser, phrase by phrase. Each row asserts only what its phrase is
 * about (`toMatchObject`); the "must not trigger" table asserts what a phrase must leave alone.
 */

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
type Expected = DeepPartial<BuyerRequirements>;
type Row = [description: string, expected: Expected];

const NBSP = "\u00a0";
const REFERENCE_YEAR = 2026;

function parse(description: string, form: Partial<Omit<SearchInput, "description">> = {}): BuyerRequirements {
  return parseRequirements({ description, maxPrice: 250_000, carType: "alla", sellerType: "alla", ...form }, { referenceYear: REFERENCE_YEAR });
}

const makesFrom = (origin: MakeOrigin) => MAKES.filter((make) => MAKE_ORIGIN[make] === origin);
const GERMAN = makesFrom("tysk");
const SWEDISH = makesFrom("svensk");

const HARD_REQUIREMENTS: Row[] = [
  ["vi måste ha 4WD", { hard: { awd: true } }],
  ["AWD är ett krav", { hard: { awd: true } }],
  ["Den ska vara 4x4", { hard: { awd: true } }],
  ["fyrhjulsdrift", { hard: { awd: true } }],
  ["4-hjulsdrift", { hard: { awd: true } }],
  ["sju platser", { hard: { minSeats: 7 } }],
  ["7-sits", { hard: { minSeats: 7 } }],
  ["en 7-sitsig bil", { hard: { minSeats: 7 } }],
  ["sjusitsig", { hard: { minSeats: 7 } }],
  ["minst 8 sittplatser", { hard: { minSeats: 8 } }],
  ["plats för 7 personer", { hard: { minSeats: 7 } }],
  ["vi är 6 i familjen", { hard: { minSeats: 6 } }],
  ["tredje sätesraden behövs", { hard: { minSeats: 7 } }],
  ["ska dra en släpvagn på 2 ton", { hard: { minTowingKg: 2000 } }],
  ["dragkrok för 1,5 ton", { hard: { minTowingKg: 1500 } }],
  ["måste kunna dra 2000 kilo", { hard: { minTowingKg: 2000 } }],
  ["dragvikt minst 1 800 kg", { hard: { minTowingKg: 1800 } }],
  ["räckvidd minst 40 mil", { hard: { minRangeKm: 400 } }],
  ["minst 300 km räckvidd", { hard: { minRangeKm: 300 } }],
  ["absolut ingen diesel", { hard: { excludedFuels: ["diesel"] } }],
  ["inget tyskt märke", { hard: { excludedMakes: GERMAN } }],
  ["inte en Volvo", { hard: { excludedMakes: ["Volvo"] } }],
  ["automat", { hard: { gearbox: "automat" } }],
  ["automatväxlad", { hard: { gearbox: "automat" } }],
  ["manuell växellåda", { hard: { gearbox: "manuell" } }],
  ["inte automat", { hard: { gearbox: "manuell" } }],
  ["bara Toyota eller Lexus", { hard: { requiredMakes: ["Toyota", "Lexus"] } }],
  ["en Subaru", { hard: { requiredMakes: ["Subaru"] } }],
  ["en japansk bil", { hard: { requiredMakes: makesFrom("japansk") } }],
  ["bara svenska märken", { hard: { requiredMakes: makesFrom("svensk") } }],
  ["minst 150 hk", { hard: { minPowerHp: 150 } }],
  ["minst 200 hästkrafter", { hard: { minPowerHp: 200 } }],
  ["100 kW räcker", { hard: { minPowerHp: 136 } }],
  ["150hk", { hard: { minPowerHp: 150 } }],
  ["inte äldre än 2016", { hard: { minModelYear: 2016 } }],
  ["årsmodell 2018 eller nyare", { hard: { minModelYear: 2018 } }],
  ["nyare än 2015", { hard: { minModelYear: 2016 } }],
  ["max 5 år gammal", { hard: { minModelYear: 2021 } }],
  ["bilen får inte vara äldre än 8 år", { hard: { minModelYear: 2018 } }],
  ["högst 10 000 mil", { hard: { maxOdometerMil: 10_000 } }],
  ["under 15 000 mil på mätaren", { hard: { maxOdometerMil: 15_000 } }],
  ["max 100 000 km på mätaren", { hard: { maxOdometerMil: 10_000 } }],
  ["elbil", { hard: { allowedFuels: ["el"] } }],
  ["laddhybrid", { hard: { allowedFuels: ["laddhybrid"] } }],
  ["PHEV", { hard: { allowedFuels: ["laddhybrid"] } }],
  ["HEV", { hard: { allowedFuels: ["elhybrid"] } }],
  ["BEV", { hard: { allowedFuels: ["el"] } }],
  ["vill ha en EV", { hard: { allowedFuels: ["el"] } }],
  ["hybrid", { hard: { allowedFuels: ["elhybrid", "laddhybrid"] } }],
  ["el eller laddhybrid", { hard: { allowedFuels: ["el", "laddhybrid"] } }],
  ["en bensinbil", { hard: { allowedFuels: ["bensin"] } }],
  ["etanol", { hard: { allowedFuels: ["e85"] } }],
  ["biogas", { hard: { allowedFuels: ["gas"] } }],
  ["kombi", { hard: { bodyTypes: ["kombi"] } }],
  ["en sedan eller kombi", { hard: { bodyTypes: ["sedan", "kombi"] } }],
  ["SUV", { hard: { bodyTypes: ["suv"] } }],
  ["MPV", { hard: { bodyTypes: ["familjebuss"] } }],
  ["cabriolet", { hard: { bodyTypes: ["cab"] } }],
  ["pickup", { hard: { bodyTypes: ["pickup"] } }],
  ["småbil", { hard: { sizes: ["mini", "small"] } }],
  ["dragkrok", { wishes: { towing: 0.6 } }],
  ["husvagn", { hard: { minTowingKg: 1500 } }],
  ["husvagn på 1 800 kg", { hard: { minTowingKg: 1800 } }],
  ["hästsläp", { hard: { minTowingKg: 2000 } }],
  ["hästtransport", { hard: { minTowingKg: 2000 } }],
  ["Vi har en husvagn som vi drar på semestern", { hard: { minTowingKg: 1500 } }],
  ["Ska kunna dra hästtransporten, totalvikt 2,5 ton.", { hard: { minTowingKg: 2500 } }],
  ["Elbil som drar 3 500 kg och har vuxenplats för sju", { hard: { minSeats: 7, adultThirdRow: true, minTowingKg: 3500 } }],
  ["En hybrid som inte behöver laddas", { hard: { allowedFuels: ["elhybrid"] } }],
  ["en bil som är max 5 år gammal", { hard: { minModelYear: 2021 } }],
  ["en bil som är högst 20 år gammal", { hard: { minModelYear: 2006 } }],
  ["Jag vill ha en bil som är snål och är max 8 år gammal", { hard: { minModelYear: 2018 } }],
];

/**
 * A towbar said as a must, with no weight: approved for a light trailer (750 kg), so a car that
 * may not tow at all is never suggested. A stated weight wins; a hedged towbar stays a wish.
 */
const TOWBAR: Row[] = [
  ["Dragkrok är ett måste", { hard: { minTowingKg: 750 } }],
  ["vi måste ha dragkrok", { hard: { minTowingKg: 750 } }],
  ["behöver dragkrok", { hard: { minTowingKg: 750 } }],
  ["Dragkrok behövs", { hard: { minTowingKg: 750 } }],
  ["Den ska ha dragkrok", { hard: { minTowingKg: 750 } }],
  ["must have a tow bar", { hard: { minTowingKg: 750 } }],
  ["we need a towbar", { hard: { minTowingKg: 750 } }],
  ["vi måste ha 4WD och dragkrok", { hard: { awd: true, minTowingKg: 750 } }],
  ["Dragkrok och automat är ett krav", { hard: { gearbox: "automat", minTowingKg: 750 } }],
  ["Vi måste kunna dra en släpkärra", { hard: { minTowingKg: 750 } }],
  // A trailer the buyer owns is still theirs to pull.
  ["Vi har en släpvagn som vi måste kunna dra", { hard: { minTowingKg: 750 } }],
  // A stated weight, or what is towed, wins over the light trailer.
  ["Dragkrok är ett måste, ska kunna dra 1 200 kg", { hard: { minTowingKg: 1200 } }],
  ["måste ha dragkrok för 1,5 ton", { hard: { minTowingKg: 1500 } }],
  ["Dragkrok är ett måste, vi har en husvagn", { hard: { minTowingKg: 1500 } }],
  // Hedged or plain: a wish.
  ["dragkrok", { wishes: { towing: 0.6 } }],
  ["gärna dragkrok", { wishes: { towing: 0.4 } }],
  ["ev. dragkrok", { wishes: { towing: 0.4 } }],
  ["dragkrok vore bra", { wishes: { towing: 0.4 } }],
  ["måste ha automat och gärna dragkrok", { hard: { gearbox: "automat" }, wishes: { towing: 0.4 } }],
  ["Vi måste ha 7 platser och vill ha dragkrok", { hard: { minSeats: 7 }, wishes: { towing: 0.6 } }],
];

/** Two origins in one wish or requirement: both count. */
const ORIGINS: Row[] = [
  ["gärna svensk eller tysk", { hard: { requiredMakes: [] }, preferredMakes: [...SWEDISH, ...GERMAN] }],
  ["gärna japansk eller koreansk", { hard: { requiredMakes: [] }, preferredMakes: [...makesFrom("japansk"), ...makesFrom("koreansk")] }],
  ["bara svensk eller tysk", { hard: { requiredMakes: [...SWEDISH, ...GERMAN] }, preferredMakes: [] }],
  ["svensk eller tysk bil", { hard: { requiredMakes: [...SWEDISH, ...GERMAN] } }],
  ["inte svensk eller tysk", { hard: { excludedMakes: [...SWEDISH, ...GERMAN] } }],
  ["helst inte fransk eller italiensk", { hard: { excludedMakes: [] }, avoidedMakes: [...makesFrom("fransk"), ...makesFrom("italiensk")] }],
];

const JAPANESE = makesFrom("japansk");
const KOREAN = makesFrom("koreansk");
const VOLVO_TOYOTA_KIA = ["Volvo", "Toyota", "Kia"] as const;

/**
 * A list that runs across commas, items of one kind ending in "eller"/"och" and a last item, is
 * one mention: the hedge or negation before its first item, or after its last, governs them all.
 * A soft wish must never turn its later items into requirements.
 */
const ENUMERATIONS: Row[] = [
  ["gärna Volvo, Toyota eller Kia", { hard: { requiredMakes: [] }, preferredMakes: [...VOLVO_TOYOTA_KIA] }],
  ["helst Volvo, Toyota, Kia eller Mazda", { hard: { requiredMakes: [] }, preferredMakes: [...VOLVO_TOYOTA_KIA, "Mazda"] }],
  ["helst en Volvo, en Toyota eller en Kia", { hard: { requiredMakes: [] }, preferredMakes: [...VOLVO_TOYOTA_KIA] }],
  ["Volvo, Toyota eller Kia vore bra", { hard: { requiredMakes: [] }, preferredMakes: [...VOLVO_TOYOTA_KIA] }],
  ["bara Toyota, Lexus eller Mazda", { hard: { requiredMakes: ["Toyota", "Lexus", "Mazda"] } }],
  ["japansk, koreansk eller tysk bil", { hard: { requiredMakes: [...JAPANESE, ...KOREAN, ...GERMAN] } }],
  ["gärna svensk, japansk eller koreansk", { hard: { requiredMakes: [] }, preferredMakes: [...SWEDISH, ...JAPANESE, ...KOREAN] }],
  ["helst el, laddhybrid eller hybrid", { hard: { allowedFuels: [] }, preferredFuels: ["el", "laddhybrid", "elhybrid"] }],
  ["inte Volvo, BMW eller Audi", { hard: { excludedMakes: ["Volvo", "BMW", "Audi"], requiredMakes: [] } }],
  ["inte Volvo, BMW och Audi", { hard: { excludedMakes: ["Volvo", "BMW", "Audi"], requiredMakes: [] } }],
  ["helst inte Volvo, BMW eller Audi", { hard: { excludedMakes: [], requiredMakes: [] }, avoidedMakes: ["Volvo", "BMW", "Audi"] }],
  ["ingen diesel, bensin eller etanol", { hard: { excludedFuels: ["diesel", "bensin", "e85"], allowedFuels: [] } }],
  ["helst ingen diesel, bensin eller etanol", { hard: { excludedFuels: [], allowedFuels: [] }, avoidedFuels: ["diesel", "bensin", "e85"] }],
  ["diesel, bensin el. etanol vill jag inte ha", { hard: { excludedFuels: ["diesel", "bensin", "e85"], allowedFuels: [] } }],
  ["ingen diesel, bensin eller etanol och måste ha automat", { hard: { excludedFuels: ["diesel", "bensin", "e85"], allowedFuels: [], gearbox: "automat" } }],
  ["kombi, SUV eller sedan", { hard: { bodyTypes: ["kombi", "suv", "sedan"] } }],
  ["gärna sedan, kombi eller SUV", { hard: { bodyTypes: [] }, preferredBodyTypes: ["sedan", "kombi", "suv"] }],
  ["preferably Volvo, Toyota or Kia", { hard: { requiredMakes: [] }, preferredMakes: [...VOLVO_TOYOTA_KIA] }],
  ["preferably Volvo, Toyota, or Kia", { hard: { requiredMakes: [] }, preferredMakes: [...VOLVO_TOYOTA_KIA] }],
  ["no Volvo, BMW or Audi", { hard: { excludedMakes: ["Volvo", "BMW", "Audi"], requiredMakes: [] } }],
  ["Vi vill ha en kombi, gärna Volvo, Toyota eller Kia", { hard: { bodyTypes: ["kombi"], requiredMakes: [] }, preferredMakes: [...VOLVO_TOYOTA_KIA] }],
];

/** A comma that starts a new statement still ends the scope of what came before it. */
const NEW_STATEMENTS: Row[] = [
  // Things of different kinds: each as strong as when said alone (a plain towbar is a wish).
  ["Fyrhjulsdrift, sju platser och dragkrok", { hard: { awd: true, minSeats: 7 }, wishes: { towing: 0.6 } }],
  ["kombi, automat och dragkrok", { hard: { bodyTypes: ["kombi"], gearbox: "automat" }, wishes: { towing: 0.6 } }],
  ["ingen diesel, Volvo eller Toyota", { hard: { excludedFuels: ["diesel"], requiredMakes: ["Volvo", "Toyota"], excludedMakes: [] } }],
  ["Volvo, BMW eller Audi, inte diesel", { hard: { requiredMakes: ["Volvo", "BMW", "Audi"], excludedMakes: [], excludedFuels: ["diesel"] } }],
  // "men", a statement of its own, or a list that had already ended before the comma.
  ["helst Volvo, men Toyota går också bra", { hard: { requiredMakes: [] }, preferredMakes: ["Volvo"] }],
  ["inte diesel, bensin går bra", { hard: { excludedFuels: ["diesel"], allowedFuels: [] }, preferredFuels: [] }],
  ["no diesel, petrol is fine", { hard: { excludedFuels: ["diesel"], allowedFuels: [] } }],
  ["gärna Volvo, vi kör mycket", { hard: { requiredMakes: [] }, preferredMakes: ["Volvo"] }],
  ["inte diesel, men gärna hybrid", { hard: { excludedFuels: ["diesel"], allowedFuels: [] }, preferredFuels: ["elhybrid", "laddhybrid"] }],
  ["ingen diesel eller bensin, el eller laddhybrid", { hard: { excludedFuels: ["diesel", "bensin"], allowedFuels: ["el", "laddhybrid"] } }],
  // Governed again after the list: the list is a statement of its own.
  ["inte diesel, bensin eller hybrid går bra", { hard: { excludedFuels: ["diesel"], allowedFuels: [] } }],
  // After "som", "går bra" is how the car runs; a figure said to be fine keeps its meaning.
  ["en diesel som går bra", { hard: { allowedFuels: ["diesel"] } }],
  ["Jag kör 2 000 mil om året vilket är ok", { usage: { milPerYear: 2000, milPerYearStated: true } }],
];

/** "100,000": thousands, in English and in Swedish text; "1,5" stays a decimal. */
const THOUSANDS: Row[] = [
  ["under 100,000 km", { hard: { maxOdometerMil: 10_000 } }],
  ["max 100,000 miles on the clock", { hard: { maxOdometerMil: 16_090 } }],
  ["helst under 150,000 km", { preferredMaxOdometerMil: 15_000 }],
  ["kör 1,500 mil om året", { usage: { milPerYear: 1500 } }],
  ["ska dra 1,500 kg", { hard: { minTowingKg: 1500 } }],
  ["husvagn på 1,2 ton", { hard: { minTowingKg: 1200 } }],
  ["kör 2,5 mil om dagen", { usage: { milPerYear: 913 } }],
];

const FORM: [string, Partial<Omit<SearchInput, "description">>, Expected][] = [
  ["en bra bil", { carType: "smabil" }, { hard: { sizes: ["mini", "small"], bodyTypes: [] } }],
  ["en bra bil", { carType: "coupe-cab" }, { hard: { bodyTypes: ["coupe", "cab"] } }],
  ["en bra bil", { carType: "suv" }, { hard: { bodyTypes: ["suv"] } }],
  ["en bra bil", { carType: "familjebuss" }, { hard: { bodyTypes: ["familjebuss"] } }],
  ["en bra bil", { carType: "skapbil" }, { hard: { bodyTypes: ["skapbil"] } }],
  ["en bra bil", { carType: "alla" }, { hard: { bodyTypes: [], sizes: [] } }],
  ["en bra bil", { maxPrice: 180_000 }, { hard: { maxPrice: 180_000 } }],
  ["en kombi", { carType: "kombi" }, { hard: { bodyTypes: ["kombi"] }, conflicts: [] }],
  ["kombi eller SUV", { carType: "suv" }, { hard: { bodyTypes: ["suv"] }, conflicts: [] }],
];

const HEDGES: Row[] = [
  ["gärna automat men måste ha fyrhjulsdrift", { hard: { awd: true } }],
  ["måste ha automat och gärna fyrhjulsdrift", { hard: { gearbox: "automat", awd: false }, wishes: { awd: 0.4 } }],
  ["helst en Toyota", { hard: { requiredMakes: [] }, preferredMakes: ["Toyota"] }],
  ["om möjligt fyrhjulsdrift", { hard: { awd: false }, wishes: { awd: 0.4 } }],
  ["kanske en elbil", { hard: { allowedFuels: [] }, preferredFuels: ["el"] }],
  ["ev. dragkrok", { wishes: { towing: 0.4 } }],
  ["eventuellt husvagn", { wishes: { towing: 0.4 } }],
  ["fyrhjulsdrift vore kul", { hard: { awd: false }, wishes: { awd: 0.4 } }],
  ["bonus om den har dragkrok", { wishes: { towing: 0.4 } }],
  ["gärna kombi", { hard: { bodyTypes: [] }, preferredBodyTypes: ["kombi"] }],
  ["gärna 7 platser", { wishes: { space: 0.4 } }],
  ["helst laddhybrid", { preferredFuels: ["laddhybrid"] }],
  ["vi funderar på en elbil", { hard: { allowedFuels: [] }, preferredFuels: ["el"] }],
  ["typ en Golf", { hard: { requiredMakes: [] }, preferredMakes: ["Volkswagen"] }],
  ["XC60 eller liknande", { preferredMakes: ["Volvo"] }],
  ["I would prefer a diesel", { hard: { allowedFuels: [] }, preferredFuels: ["diesel"] }],
  ["ideally AWD", { hard: { awd: false }, wishes: { awd: 0.4 } }],
  ["an EV would be nice", { hard: { allowedFuels: [] }, preferredFuels: ["el"] }],
];

const NEGATIONS: Row[] = [
  ["ingen diesel", { hard: { excludedFuels: ["diesel"] } }],
  ["ingen elbil", { hard: { excludedFuels: ["el"] } }],
  ["inget tyskt", { hard: { excludedMakes: GERMAN } }],
  ["inga franska bilar", { hard: { excludedMakes: makesFrom("fransk") } }],
  ["nothing German", { hard: { excludedMakes: GERMAN } }],
  ["vill slippa diesel", { hard: { excludedFuels: ["diesel"] } }],
  ["undvik BMW", { hard: { excludedMakes: ["BMW"] } }],
  ["utan dieselmotor", { hard: { excludedFuels: ["diesel"] } }],
  ["no diesel", { hard: { excludedFuels: ["diesel"] } }],
  ["not a BMW", { hard: { excludedMakes: ["BMW"] } }],
  ["anything but a BMW", { hard: { excludedMakes: ["BMW"] } }],
  ["allt utom Tesla", { hard: { excludedMakes: ["Tesla"] } }],
  ["inte Volvo eller Saab", { hard: { excludedMakes: ["Volvo", "Saab"] } }],
  ["aldrig mer en Opel", { hard: { excludedMakes: ["Opel"] } }],
  ["Ingen diesel eller bensin", { hard: { excludedFuels: ["diesel", "bensin"] } }],
  ["diesel vill jag inte ha", { hard: { excludedFuels: ["diesel"] } }],
  ["Jag vill absolut inte ha en diesel", { hard: { excludedFuels: ["diesel"] } }],
  ["inte en SUV utan en kombi", { hard: { bodyTypes: ["kombi"] } }],
  ["ingen SUV", { hard: { bodyTypes: ["halvkombi", "sedan", "kombi", "familjebuss", "coupe", "cab", "pickup", "skapbil"] } }],
  ["ingen diesel, gärna el", { hard: { excludedFuels: ["diesel"], allowedFuels: [] }, preferredFuels: ["el"] }],
  ["inte för dyr", { wishes: { cheapToBuy: 0.6 } }],
  ["Vill ha manuell växellåda, tycker automat är tråkigt", { hard: { gearbox: "manuell" }, conflicts: [] }],
  ["Allt utom Volvo, min pappa tjatar om Volvo men jag vill ha något annat", { hard: { excludedMakes: ["Volvo"], requiredMakes: [] }, conflicts: [] }],
];

const ENGLISH: Row[] = [
  ["We need AWD and seven seats", { hard: { awd: true, minSeats: 7 } }],
  ["must be able to tow 1500 kg", { hard: { minTowingKg: 1500 } }],
  ["automatic gearbox please", { hard: { gearbox: "automat" } }],
  ["manual transmission", { hard: { gearbox: "manuell" } }],
  ["a plug-in hybrid", { hard: { allowedFuels: ["laddhybrid"] } }],
  ["no older than 2018", { hard: { minModelYear: 2018 } }],
  ["range of at least 250 miles", { hard: { minRangeKm: 402 } }],
  ["I drive 10,000 miles a year", { usage: { milPerYear: 1609, milPerYearStated: true } }],
  ["I'm 19 and need a cheap car", { usage: { driverAge: 19 }, wishes: { cheapToBuy: 1 } }],
  ["something reliable and cheap to run", { wishes: { reliability: 0.6, economy: 0.6 } }],
  ["We need an electric car with 7 seats, no Tesla", { hard: { allowedFuels: ["el"], minSeats: 7, excludedMakes: ["Tesla"] } }],
];

const MILEAGE: Row[] = [
  ["kör 2 000 mil om året", { usage: { milPerYear: 2000, milPerYearStated: true } }],
  ["5 000 mil om året", { usage: { milPerYear: 5000 } }],
  ["5000 mil per år", { usage: { milPerYear: 5000 } }],
  ["5.000 mil per år", { usage: { milPerYear: 5000 } }],
  ["5k mil per år", { usage: { milPerYear: 5000 } }],
  ["15 000 km per år", { usage: { milPerYear: 1500, milPerYearStated: true } }],
  ["kör 1500-2000 mil/år", { usage: { milPerYear: 1750 } }],
  ["Jag pendlar 5 mil om dagen", { usage: { milPerYear: 1150, milPerYearStated: true } }],
  ["pendlar 4 mil enkel väg", { usage: { milPerYear: 1840 } }],
  ["jag kör 3 mil per dag enkel väg till jobbet", { usage: { milPerYear: 1380 } }],
  ["6 mil tur och retur till jobbet varje dag", { usage: { milPerYear: 1380 } }],
  ["4 mil till jobbet", { usage: { milPerYear: 1840 } }],
  ["kör 5 mil om dagen", { usage: { milPerYear: 1825 } }],
  ["Kör 20 mil i veckan", { usage: { milPerYear: 1040 } }],
  ["ca 300 mil i månaden", { usage: { milPerYear: 3600 } }],
  ["en bil för vardagen", { usage: { milPerYear: 1500, milPerYearStated: false } }],
];

const USAGE: Row[] = [
  ["jag är 19", { usage: { driverAge: 19 } }],
  ["Jag är 23 år gammal", { usage: { driverAge: 23 } }],
  ["min dotter som är 18 ska köra", { usage: { driverAge: 18 } }],
  ["Jag är 45 och min son som är 18 ska köra bilen", { usage: { driverAge: 18 } }],
  ["bilen är till min 19-åriga dotter", { usage: { driverAge: 19 } }],
  ["nytt körkort", { situation: { newDriver: true } }],
  ["precis tagit körkort, jag är 20", { usage: { driverAge: 20 } }],
  ["Jag kör 3 000 mil om året och är 23 år.", { usage: { driverAge: 23, milPerYear: 3000 } }],
  ["Jag har haft körkort i 5 år och är 23", { usage: { driverAge: 23 } }],
  ["Min son kör mycket och är 19 år", { usage: { driverAge: 19 } }],
  ["23-åring", { usage: { driverAge: 23 } }],
  ["jag är tjugotre år", { usage: { driverAge: 23 } }],
  ["Jag är gift och är tjugoåtta", { usage: { driverAge: 28 } }],
  ["jag är en 23 år gammal student", { usage: { driverAge: 23 } }],
  ["23 år gammal, pendlar till jobbet", { usage: { driverAge: 23 } }],
  ["I am 23", { usage: { driverAge: 23 } }],
  ["23 years old", { usage: { driverAge: 23 } }],
  ["I'm a twenty-three year old student", { usage: { driverAge: 23 } }],
  ["Bor i Umeå", { usage: { northern: true, winterNeeds: true } }],
  ["i Jämtland", { usage: { northern: true, winterNeeds: true } }],
  ["uppe i Lappland", { usage: { northern: true } }],
  ["Kiruna", { usage: { northern: true } }],
  ["bor i Luleå", { usage: { northern: true } }],
  ["Östersund", { usage: { northern: true } }],
  // A trip to the mountains is winter driving, not a northern home (electricity prices, climate).
  ["vi åker till fjällen varje vinter", { usage: { northern: false, winterNeeds: true } }],
  ["mycket snö och is där vi bor", { usage: { northern: false, winterNeeds: true } }],
  ["vinterväglag och branta backar", { usage: { winterNeeds: true } }],
  ["bor i Stockholm", { usage: { area: "storstad" } }],
  ["Göteborg", { usage: { area: "storstad" } }],
  ["Malmö", { usage: { area: "storstad" } }],
  ["bor i innerstan", { usage: { area: "storstad" }, wishes: { cityFriendly: 0.42 } }],
  ["bor på landet", { usage: { area: "landsbygd" } }],
  ["grusväg hem", { usage: { area: "landsbygd" }, wishes: { groundClearance: 0.6 } }],
  ["skogsbilvägar till stugan", { usage: { area: "landsbygd" }, wishes: { groundClearance: 0.6 } }],
  ["bor i Malmö men har sommarstuga på landet", { usage: { area: "storstad" } }],
];

const WISHES: Row[] = [
  ["familjebil", { wishes: { space: 0.6, safety: 0.6 } }],
  ["barnvagn ska få plats", { wishes: { space: 0.6, safety: 0.6 } }],
  ["tre barn", { wishes: { space: 0.6, safety: 0.6 } }],
  ["fem barn", { hard: { minSeats: 6 }, wishes: { space: 0.6 } }],
  ["vi är 2 vuxna och 4 barn", { hard: { minSeats: 6 } }],
  ["pendla", { wishes: { economy: 0.6, comfort: 0.42 } }],
  ["snål", { wishes: { economy: 0.6 } }],
  ["låg bränsleförbrukning", { wishes: { economy: 0.6 } }],
  ["billig i drift", { wishes: { economy: 0.6 } }],
  ["billig", { wishes: { cheapToBuy: 0.6 } }],
  ["billig försäkring", { wishes: { lowInsurance: 0.6 } }],
  ["rolig att köra", { wishes: { sporty: 0.6 } }],
  ["säkerhet är jätteviktigt", { wishes: { safety: 1 } }],
  ["mycket viktigt med komfort", { wishes: { comfort: 1 } }],
  ["Viktigt: säkerhet och komfort", { wishes: { safety: 1, comfort: 1 } }],
  ["säkerhet är viktigt och gärna snål", { wishes: { safety: 1, economy: 0.4 } }],
  ["hög sittposition, dålig rygg", { wishes: { highSeating: 0.6 } }],
  ["lätt att parkera", { wishes: { cityFriendly: 0.6 } }],
  ["familjebil men inte för stor", { wishes: { cityFriendly: 0.6 } }],
  // Money said as size.
  ["Vill ha en bil med inte för stor förbrukning", { wishes: { economy: 0.6 } }],
  ["inte för stor skatt och bra säkerhet", { wishes: { economy: 0.6, safety: 0.6 } }],
  ["inte för stora kostnader", { wishes: { economy: 0.6 } }],
  ["miljövänlig", { wishes: { environment: 0.6 } }],
  ["långresor till Europa", { wishes: { longTrips: 0.6 } }],
  ["pålitlig", { wishes: { reliability: 0.6 } }],
  ["vill ha en bil som inte krånglar", { wishes: { reliability: 0.6 } }],
  ["vi har en stor hund", { wishes: { space: 0.6 } }],
  ["hög markfrigång", { wishes: { groundClearance: 0.6 } }],
  ["vi har laddbox hemma", { preferredFuels: ["el", "laddhybrid"] }],
];

const TYPOS: Row[] = [
  ["fyrhjulsdrif", { hard: { awd: true } }],
  ["fyrhjulsdirft", { hard: { awd: true } }],
  ["drakrok", { wishes: { towing: 0.6 } }],
  ["famijebil", { wishes: { space: 0.6, safety: 0.6 } }],
  ["laddhybird", { hard: { allowedFuels: ["laddhybrid"] } }],
  ["automatlåda", { hard: { gearbox: "automat" } }],
  ["autmatlåda", { hard: { gearbox: "automat" } }],
  ["automatlda", { hard: { gearbox: "automat" } }],
  ["automatlådan", { hard: { gearbox: "automat" } }],
  ["husvagen", { hard: { minTowingKg: 1500 } }],
  ["hastslap", { hard: { minTowingKg: 2000 } }],
  ["sakerhet", { wishes: { safety: 0.6 } }],
  ["Hyundia", { hard: { requiredMakes: ["Hyundai"] } }],
  ["Volkswagon", { hard: { requiredMakes: ["Volkswagen"] } }],
];

const CONTRADICTIONS: Row[] = [
  ["tyska märken men inte BMW", { hard: { requiredMakes: GERMAN.filter((make) => make !== "BMW"), excludedMakes: ["BMW"] }, conflicts: [] }],
  ["5 platser, även vuxna bak", { hard: { minSeats: 5, adultThirdRow: false }, conflicts: [] }],
  ["7 platser, även vuxna bak", { hard: { minSeats: 7, adultThirdRow: true }, conflicts: [] }],
  ["7 sits och vuxna ska få plats i tredje raden", { hard: { minSeats: 7, adultThirdRow: true } }],
];

const GERMAN_BUT_BMW = GERMAN.filter((make) => make !== "BMW");

/**
 * Hedged and disliked statements: soft preferences and refusals that rank cars and never exclude
 * them. The hard field of the same kind stays empty, and a soft refusal never becomes a conflict.
 */
const SOFT: Row[] = [
  // Fuels: ranked lower, never excluded; a hybrid with that engine is the engine's business.
  ["helst ingen diesel", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"], conflicts: [] }],
  ["helst inte bensin", { hard: { excludedFuels: [] }, avoidedFuels: ["bensin"] }],
  ["gillar inte diesel", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["tycker inte om dieselbilar", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["inte så förtjust i diesel", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["Diesel helst inte.", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["diesel gillar jag inte", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["hellre bensin än diesel", { hard: { allowedFuels: [] }, preferredFuels: ["bensin"], avoidedFuels: ["diesel"] }],
  ["rather not diesel", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["not a fan of diesel", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["helst ingen elbil", { hard: { excludedFuels: [] }, avoidedFuels: ["el"] }],
  ["bara hybrid, helst ingen bensin", { hard: { allowedFuels: ["elhybrid", "laddhybrid"] }, avoidedFuels: ["bensin"] }],
  // Makes and origins.
  ["gillar inte BMW", { hard: { excludedMakes: [] }, avoidedMakes: ["BMW"], conflicts: [] }],
  ["helst inte en Volvo", { hard: { excludedMakes: [] }, avoidedMakes: ["Volvo"] }],
  ["helst inte tyskt", { hard: { excludedMakes: [] }, avoidedMakes: GERMAN }],
  ["rather not a Ford", { hard: { excludedMakes: [] }, avoidedMakes: ["Ford"] }],
  ["I don't like BMW", { hard: { excludedMakes: [] }, avoidedMakes: ["BMW"] }],
  ["I'd rather not have a German car", { hard: { excludedMakes: [] }, avoidedMakes: GERMAN }],
  // A soft "no" narrows a soft "yes", as "tyska märken men inte BMW" narrows the requirement.
  ["gärna tyskt men helst inte BMW", { preferredMakes: GERMAN_BUT_BMW, avoidedMakes: ["BMW"] }],
  ["tyska märken men helst inte BMW", { hard: { requiredMakes: GERMAN, excludedMakes: [] }, avoidedMakes: ["BMW"], conflicts: [] }],
  // Gearbox: there are two, so a soft "not manual" prefers the automatic.
  ["gärna automat", { preferredGearbox: "automat" }],
  ["helst manuell", { preferredGearbox: "manuell" }],
  ["prefer an automatic", { preferredGearbox: "automat" }],
  ["helst inte manuell", { preferredGearbox: "automat" }],
  ["gillar inte att köra manuellt", { preferredGearbox: "automat" }],
  ["Automat gärna.", { preferredGearbox: "automat" }],
  // Model year and odometer.
  ["helst inte äldre än 2016", { preferredMinModelYear: 2016 }],
  ["gärna nyare än 2018", { preferredMinModelYear: 2019 }],
  ["helst max 5 år gammal", { preferredMinModelYear: 2021 }],
  ["ideally no older than 2017", { preferredMinModelYear: 2017 }],
  ["inte äldre än 2015, helst 2018 eller nyare", { hard: { minModelYear: 2015 }, preferredMinModelYear: 2018 }],
  ["helst under 15 000 mil", { preferredMaxOdometerMil: 15_000 }],
  ["gärna låg miltal under 10 000 mil", { preferredMaxOdometerMil: 10_000 }],
  ["preferably under 100 000 km", { preferredMaxOdometerMil: 10_000 }],
  ["helst inte gått mer än 12 000 mil", { preferredMaxOdometerMil: 12_000 }],
  ["högst 15 000 mil, helst under 10 000 mil", { hard: { maxOdometerMil: 15_000 }, preferredMaxOdometerMil: 10_000 }],
  // Typos: a misspelt "gillar" must not leave a bare "inte BMW", a hard refusal.
  ["gilar inte BMW", { hard: { excludedMakes: [] }, avoidedMakes: ["BMW"] }],
  ["tyker inte om diesel", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["helst ingen diesl", { hard: { excludedFuels: [] }, avoidedFuels: ["diesel"] }],
  ["helst inte Volkswagon", { hard: { excludedMakes: [] }, avoidedMakes: ["Volkswagen"] }],
  // Negation and hedge scope: each statement keeps its own strength.
  ["ingen diesel, helst inte bensin", { hard: { excludedFuels: ["diesel"] }, avoidedFuels: ["bensin"] }],
  ["absolut inte diesel, gillar inte BMW", { hard: { excludedFuels: ["diesel"], excludedMakes: [] }, avoidedMakes: ["BMW"] }],
  ["helst ingen diesel och vill ha automat", { hard: { gearbox: "automat" }, avoidedFuels: ["diesel"] }],
  ["gillar inte diesel och vill ha automat", { hard: { gearbox: "automat" }, avoidedFuels: ["diesel"] }],
  // The earlier diesel is the old car's; the dislike after "och" is the buyer's own.
  ["Vi hade en diesel förut och gillar inte diesel", { hard: { allowedFuels: [] }, avoidedFuels: ["diesel"] }],
  // Hard statements stay hard, and a soft one beside a hard one of the same kind gives way.
  ["ingen diesel", { hard: { excludedFuels: ["diesel"] }, avoidedFuels: [] }],
  ["inte BMW", { hard: { excludedMakes: ["BMW"] }, avoidedMakes: [] }],
  ["inte BMW, helst inte BMW", { hard: { excludedMakes: ["BMW"] }, avoidedMakes: [] }],
  ["bara diesel, helst ingen diesel", { hard: { allowedFuels: ["diesel"] }, avoidedFuels: [], conflicts: [] }],
  ["automat, gärna manuell", { hard: { gearbox: "automat" }, conflicts: [] }],
  ["inte äldre än 2016", { hard: { minModelYear: 2016 } }],
  ["högst 10 000 mil", { hard: { maxOdometerMil: 10_000 } }],
  // A soft year in the future is dropped quietly; only a required one is worth a question.
  ["helst nyare än 2030", { conflicts: [] }],
];

const NONSENSE: Row[] = [
  ["asdfgh qwerty zxcv", { nonsense: true }],
  ["jkjkjk lölölö pppp", { nonsense: true }],
  ["xcvbnm ölkjh", { nonsense: true }],
  ["123456 7890", { nonsense: true }],
  ["en bra bil till familjen", { nonsense: false }],
  ["something reliable", { nonsense: false }],
  ["Vill ha en snål bil", { nonsense: false }],
  ["Söker en pålitlig skåpis till firman", { nonsense: false }],
];

describe.each([
  ["hard requirements", HARD_REQUIREMENTS],
  ["a towbar that is a must", TOWBAR],
  ["origins", ORIGINS],
  ["lists across commas", ENUMERATIONS],
  ["commas that start a new statement", NEW_STATEMENTS],
  ["thousands with a comma", THOUSANDS],
  ["hedges become wishes and preferences", HEDGES],
  ["negation", NEGATIONS],
  ["English", ENGLISH],
  ["yearly driving", MILEAGE],
  ["usage: age, region, winter, area", USAGE],
  ["soft wishes", WISHES],
  ["one-letter typos and missing å, ä, ö", TYPOS],
  ["contradictions that are not conflicts", CONTRADICTIONS],
  ["soft preferences and refusals", SOFT],
  ["nonsense", NONSENSE],
])("parseRequirements: %s", (_name, rows) => {
  it.each(rows)("%s", (description, expected) => {
    const parsed = parse(description);
    expect(parsed).toMatchObject(expected);
    expect(BuyerRequirementsSchema.parse(parsed)).toEqual(parsed);
  });
});

describe("tokenize: numbers", () => {
  const numbers = (description: string) => tokenize(description).all.flatMap((token) => token.number?.value ?? []);

  it.each([
    ["under 100,000 km", [100_000]],
    ["100,000 miles", [100_000]],
    ["1,000,000 km", [1_000_000]],
    ["1,5 ton", [1.5]],
    ["en 0,5 l motor", [0.5]],
    ["2,25 ton", [2.25]],
    ["5 000 mil", [5000]],
    ["5.000 mil", [5000]],
    ["I drive 10,000 miles and tow 1.5 tonnes", [10_000, 1.5]],
  ] as const)("%s", (description, expected) => {
    expect(numbers(description)).toEqual(expected);
  });
});

describe("parseRequirements: the form", () => {
  it.each(FORM)("%s with %o", (description, form, expected) => {
    expect(parse(description, form)).toMatchObject(expected);
  });
});

/** What a phrase must not produce. */
const TRIGGERS = {
  awd: (r: BuyerRequirements) => r.hard.awd || r.wishes.awd !== undefined,
  fuel: (r: BuyerRequirements) => r.hard.allowedFuels.length > 0 || r.hard.excludedFuels.length > 0 || r.preferredFuels.length > 0,
  make: (r: BuyerRequirements) => r.hard.requiredMakes.length > 0 || r.preferredMakes.length > 0,
  body: (r: BuyerRequirements) => r.hard.bodyTypes.length > 0 || r.preferredBodyTypes.length > 0,
  gearbox: (r: BuyerRequirements) => r.hard.gearbox !== undefined,
  modelYear: (r: BuyerRequirements) => r.hard.minModelYear !== undefined,
  winter: (r: BuyerRequirements) => r.usage.winterNeeds,
  area: (r: BuyerRequirements) => r.usage.area !== undefined,
  excludedMake: (r: BuyerRequirements) => r.hard.excludedMakes.length > 0,
  odometer: (r: BuyerRequirements) => r.hard.maxOdometerMil !== undefined,
  avoidedFuel: (r: BuyerRequirements) => r.avoidedFuels.length > 0,
  avoidedMake: (r: BuyerRequirements) => r.avoidedMakes.length > 0,
  preferredGearbox: (r: BuyerRequirements) => r.preferredGearbox !== undefined,
  preferredModelYear: (r: BuyerRequirements) => r.preferredMinModelYear !== undefined,
  preferredOdometer: (r: BuyerRequirements) => r.preferredMaxOdometerMil !== undefined,
  towingKg: (r: BuyerRequirements) => r.hard.minTowingKg !== undefined,
  driverAge: (r: BuyerRequirements) => r.usage.driverAge !== undefined,
  ...Object.fromEntries(WISH_KEYS.map((key) => [key, (r: BuyerRequirements) => r.wishes[key] !== undefined])),
} as Record<
  | "awd"
  | "fuel"
  | "make"
  | "body"
  | "gearbox"
  | "modelYear"
  | "winter"
  | "area"
  | "excludedMake"
  | "odometer"
  | "avoidedFuel"
  | "avoidedMake"
  | "preferredGearbox"
  | "preferredModelYear"
  | "preferredOdometer"
  | "towingKg"
  | "driverAge"
  | WishKey,
  (r: BuyerRequirements) => boolean
>;

const MUST_NOT: [string, (keyof typeof TRIGGERS)[]][] = [
  ["barnen har flyttat ut", ["space", "safety"]],
  ["Mina barn är vuxna nu så vi behöver inte så mycket plats", ["space", "safety"]],
  ["ev. dragkrok", ["fuel"]],
  ["inte så viktigt med fyrhjulsdrift", ["awd"]],
  ["fyrhjulsdrift är inget krav", ["awd"]],
  ["Fyrhjulsdrift behövs inte", ["awd"]],
  ["min förra bil var en diesel", ["fuel"]],
  ["behöver inte vara diesel", ["fuel"]],
  ["helst ingen diesel", ["fuel"]],
  ["Volvon vi har nu börjar bli gammal", ["make"]],
  ["Toyotan vi har", ["make"]],
  ["BMW:n vi har", ["make"]],
  ["Vi har en Volvo idag men vill byta till något annat", ["make"]],
  ["Vi kör en Toyota idag och är nöjda", ["make"]],
  ["Vi har en Volvo XC60 diesel idag", ["make", "fuel"]],
  ["Min man kör en Audi A4 i jobbet", ["make"]],
  ["Säljaren rekommenderade en BMW", ["make"]],
  ["Vi har haft Saab i många år", ["make"]],
  ["något tesla-likt", ["make"]],
  ["gärna automat", ["gearbox"]],
  ["Gärna automatisk nödbroms och elektriska fönsterhissar", ["gearbox", "fuel"]],
  ["bra klimatanläggning", ["environment"]],
  ["snabbladdning är bra", ["sporty"]],
  ["Vi har haft bilen sedan 2015 och sedan dess kört mycket", ["body", "modelYear"]],
  ["för 5 år sedan", ["body", "modelYear"]],
  ["This is a car for my wife, it is nice", ["winter"]],
  ["Vi packar bilen full varje sommar", ["winter"]],
  ["we travel a lot", ["groundClearance", "area"]],
  ["inga skador på lacken", ["winter"]],
  ["det passar oss", ["make"]],
  ["klarar svenska vintrar", ["make"]],
  ["jag pratar svenska", ["make"]],
  ["Smart lösning vore bra", ["make"]],
  ["En smart bil", ["make"]],
  ["a seat for the baby", ["make"]],
  ["en jeep", ["make"]],
  ["bästa bilen i landet", ["area"]],
  ["Hundratals mil varje sommar", ["space"]],
  // Soft statements stay soft, hard ones stay hard.
  ["gillar inte diesel", ["fuel"]],
  ["gilar inte BMW", ["excludedMake"]],
  ["helst under 15 000 mil", ["odometer"]],
  ["helst inte äldre än 2016", ["modelYear"]],
  ["ingen diesel", ["avoidedFuel"]],
  ["inte en Volvo", ["avoidedMake"]],
  ["automat", ["preferredGearbox"]],
  ["automat, gärna manuell", ["preferredGearbox"]],
  ["inte äldre än 2016", ["preferredModelYear"]],
  ["högst 10 000 mil", ["preferredOdometer"]],
  ["behöver inte vara diesel", ["fuel", "avoidedFuel"]],
  ["inte så viktigt med automat", ["gearbox", "preferredGearbox"]],
  ["Gärna automatisk nödbroms", ["gearbox", "preferredGearbox"]],
  ["helst under 5 mil till jobbet", ["odometer", "preferredOdometer"]],
  ["helst nyare än 2030", ["modelYear", "preferredModelYear"]],
  // About the car the buyer had: "som jag inte gillade" may be that one car (its faults, its
  // size), not the make, and the parser reads no make or fuel from a sentence about the buyer's
  // own car ("min förra bil var en diesel"). Whoever means the make writes "gillar inte BMW".
  ["min förra bil var en BMW som jag inte gillade", ["make", "excludedMake", "avoidedMake"]],
  ["Vi har en BMW som vi inte gillar", ["make", "excludedMake", "avoidedMake"]],
  ["Vi har en diesel idag men gillar den inte", ["fuel", "avoidedFuel"]],
  // A towbar is required only when it is a must; a requirement leaves no wish behind.
  ["dragkrok", ["towingKg"]],
  ["gärna dragkrok", ["towingKg"]],
  ["ev. dragkrok", ["towingKg"]],
  ["dragkrok vore bra", ["towingKg"]],
  ["Dragkrok är inget måste", ["towingKg", "towing"]],
  ["behöver ingen dragkrok", ["towingKg", "towing"]],
  ["Vi har en Volvo med dragkrok som måste bytas ut", ["towingKg"]],
  ["Dragkrok är ett måste", ["towing"]],
  // The car's age, children's ages and time ago are not the driver's.
  ["bilen är 5 år", ["driverAge"]],
  ["max 5 år gammal", ["driverAge"]],
  ["barnen är 3 och 5 år", ["driverAge"]],
  ["20 år sedan", ["driverAge"]],
  ["för 20 år sedan köpte vi en Volvo", ["driverAge"]],
  ["en bil som är högst 20 år gammal", ["driverAge"]],
  ["Bilen går bra och är 20 år gammal", ["driverAge"]],
  ["20 år gammal bil går bra", ["driverAge"]],
  ["Vi har en Volvo som är 18 år gammal", ["driverAge"]],
  ["a car that is 20 years old", ["driverAge"]],
  ["Jag pendlar och bilen är 18 år", ["driverAge"]],
  ["Jag vill ha en bil som är snål och är max 20 år gammal", ["driverAge"]],
  // Languages are not makes.
  ["jag pratar svenska eller engelska", ["make", "excludedMake"]],
  ["jag pratar svenska, engelska och tyska", ["make", "excludedMake"]],
  // A list of the buyer's own cars is still theirs.
  ["Vi har en Volvo, en BMW och en Audi", ["make", "excludedMake", "avoidedMake"]],
  // "stor" that belongs to another noun is not the car's size.
  ["Vill ha en bil med inte för stor förbrukning", ["cityFriendly"]],
  ["inte för stor skatt och bra säkerhet", ["cityFriendly"]],
  ["inte för stora kostnader", ["cityFriendly"]],
  ["inte för stor budget men vill ha kombi", ["cityFriendly"]],
  ["inte för stor motor, snål", ["cityFriendly"]],
  // "sedan" as "since" before a comma is no body.
  ["Vi har haft bilen sedan 2015, sedan dess har den gått bra", ["body"]],
];

describe("parseRequirements: must not trigger", () => {
  it.each(MUST_NOT)("%s", (description, forbidden) => {
    const parsed = parse(description);
    for (const what of forbidden) expect(TRIGGERS[what](parsed), `${description} → ${what}`).toBe(false);
  });
});

describe("parseRequirements: conflicts", () => {
  const codes = (description: string, form: Partial<Omit<SearchInput, "description">> = {}) =>
    parse(description, form).conflicts.map((conflict) => conflict.code);

  it("quotes both sides when a fuel is required and excluded, and keeps the exclusion", () => {
    const parsed = parse("Vi vill ha en elbil. Ingen elbil.");
    expect(parsed.hard).toMatchObject({ allowedFuels: [], excludedFuels: ["el"] });
    expect(parsed.conflicts).toEqual([
      {
        code: "fuel-required-and-excluded",
        message: 'Du skrev både "elbil" och "Ingen elbil". Vilket drivmedel gäller?',
      },
    ]);
  });

  it("flags a make both required and excluded", () => {
    const parsed = parse("bara Volvo, men inte en Volvo");
    expect(parsed.hard.requiredMakes).toEqual([]);
    expect(parsed.conflicts[0]?.message).toContain('"inte en Volvo"');
    expect(codes("Volvo men inget svenskt märke")).toEqual(["make-required-and-excluded"]);
  });

  it("flags allowed fuels that are all excluded", () => {
    const parsed = parse("Bara diesel eller bensin. Ingen diesel, ingen bensin.");
    expect(parsed.hard.allowedFuels).toEqual([]);
    expect(parsed.conflicts.map((conflict) => conflict.code)).toEqual(["fuel-required-and-excluded", "fuel-required-and-excluded"]);
  });

  it("flags both gearboxes, and drops the gearbox", () => {
    expect(codes("automat, manuell växellåda")).toEqual(["gearbox-both"]);
    expect(parse("automat, manuell växellåda").hard.gearbox).toBeUndefined();
  });

  it("flags what the form and the text disagree on", () => {
    expect(codes("en kombi", { carType: "suv" })).toEqual(["body-form-text"]);
    expect(codes("ingen SUV", { carType: "suv" })).toEqual(["body-form-excluded"]);
    expect(codes("vi behöver 7 platser", { carType: "smabil" })).toEqual(["seats-body"]);
    expect(codes("7 platser", { carType: "coupe-cab" })).toEqual(["seats-body"]);
  });

  it("flags impossible numbers and keeps them within the schema", () => {
    expect(codes("ska kunna dra 5 ton")).toEqual(["towing-too-heavy"]);
    expect(parse("ska kunna dra 5 ton").hard.minTowingKg).toBe(4000);
    expect(codes("12 platser")).toEqual(["seats-too-many"]);
    expect(parse("12 platser").hard.minSeats).toBe(9);
    expect(codes("räckvidd 150 mil")).toEqual(["range-unrealistic"]);
    expect(codes("årsmodell 2030 eller nyare")).toEqual(["model-year-future"]);
  });

  it("never throws on hostile or odd input", () => {
    for (const description of ["", "    ", "!!!???", "-".repeat(2000), "ingen ingen ingen inte inte", "0 0 0 0 mil mil", "😀🚗 🚙"]) {
      expect(() => parse(description)).not.toThrow();
    }
  });
});

describe("summariseRequirements", () => {
  const sum = (description: string, form: Partial<Omit<SearchInput, "description">> = {}) => summariseRequirements(parse(description, form));

  it("writes the hard requirements as short Swedish phrases", () => {
    const summary = sum(
      "Vi måste ha 4WD och 7 platser med vuxna i tredje raden, dragkrok för 2 ton. " + "Inget tyskt märke, ingen diesel. Automat och räckvidd minst 40 mil.",
    );
    expect(summary.hard).toEqual([
      `Maxpris 250${NBSP}000${NBSP}kr`,
      "Minst 7 säten, vuxna får plats i tredje raden",
      "Fyrhjulsdrift",
      `Dragvikt minst 2${NBSP}000${NBSP}kg`,
      "Inte diesel",
      `Räckvidd minst 40${NBSP}mil`,
      "Automatlåda",
      "Inget tyskt märke",
    ]);
  });

  it("says a must-have towbar is for a light trailer, and keeps a stated weight", () => {
    expect(sum("Dragkrok är ett måste").hard).toEqual([`Maxpris 250${NBSP}000${NBSP}kr`, `Dragkrok (godkänd för släp, minst 750${NBSP}kg)`]);
    expect(sum("dragkrok för 1,5 ton").hard).toContain(`Dragvikt minst 1${NBSP}500${NBSP}kg`);
    expect(sum("gärna dragkrok").hard).toEqual([`Maxpris 250${NBSP}000${NBSP}kr`]);
    expect(sum("gärna dragkrok").wishes).toEqual(["Gärna: dragkrok"]);
  });

  it("lists single makes, and names an origin only for all of its makes", () => {
    expect(sum("inte BMW eller Audi").hard).toContain("Inte BMW eller Audi");
    expect(sum("bara japanska bilar").hard).toContain("Japanskt märke");
    expect(sum("bara Toyota eller Lexus").hard).toContain("Märke: Toyota eller Lexus");
    expect(sum("inte en Skoda").hard).toContain("Inte Skoda");
  });

  it("quotes a list across commas whole, and keeps a soft one among the wishes", () => {
    expect(sum("inte Volvo, BMW eller Audi").hard).toContain("Inte Volvo, BMW eller Audi");
    expect(sum("ingen diesel, bensin eller etanol").hard).toContain("Inte diesel, bensin eller etanol (E85)");
    const soft = sum("gärna Volvo, Toyota eller Kia");
    expect(soft.hard).toEqual([`Maxpris 250${NBSP}000${NBSP}kr`]);
    expect(soft.wishes).toEqual(["Gärna märke: Volvo, Toyota, Kia"]);
  });

  it("writes bodies, sizes, years, power and odometer", () => {
    expect(sum("ingen SUV").hard).toContain("Inte SUV");
    expect(sum("en bra bil", { carType: "smabil" }).hard).toContain("Småbil");
    expect(sum("en bra bil", { carType: "coupe-cab" }).hard).toContain("Kaross: coupé eller cabriolet");
    expect(sum("ingen elbil").hard).toContain("Inte elbil");
    expect(sum("2016 eller nyare, minst 150 hk, högst 10 000 mil").hard).toEqual([
      `Maxpris 250${NBSP}000${NBSP}kr`,
      "Årsmodell 2016 eller nyare",
      `Minst 150${NBSP}hk`,
      `Högst 10${NBSP}000${NBSP}mil på mätaren`,
    ]);
  });

  it("says whether the yearly driving is assumed or the buyer's own", () => {
    expect(sum("en bra bil").usage).toEqual([`1${NBSP}500${NBSP}mil per år (antaget)`]);
    expect(sum("jag kör 5 000 mil om året").usage).toEqual([`5${NBSP}000${NBSP}mil per år (som du skrev)`]);
    expect(sum("jag är 19 och bor i Umeå").usage).toEqual([`1${NBSP}500${NBSP}mil per år (antaget)`, "Förare 19 år", "Norrland/vinter"]);
    expect(sum("bor i Stockholm, mycket snö").usage).toEqual([`1${NBSP}500${NBSP}mil per år (antaget)`, "Vinterväglag", "Storstad"]);
  });

  it("writes soft preferences and refusals under wishes, and hard ones under requirements", () => {
    const soft = sum("gärna automat, helst ingen diesel, gillar inte BMW, helst inte äldre än 2016, helst under 15 000 mil");
    expect(soft.wishes).toEqual([
      "Gärna automat",
      "Helst inte diesel",
      "Helst inte BMW",
      "Helst årsmodell 2016 eller nyare",
      `Helst under 15${NBSP}000${NBSP}mil på mätaren`,
    ]);
    expect(soft.hard).toEqual([`Maxpris 250${NBSP}000${NBSP}kr`]);
    expect(sum("helst inte tyskt").wishes).toEqual(["Helst inget tyskt märke"]);
    expect(sum("helst manuell, helst ingen elbil eller diesel").wishes).toEqual(["Gärna manuell växellåda", "Helst inte elbil eller diesel"]);
    expect(sum("ingen diesel, inte BMW, automat").wishes).toEqual([]);
  });

  it("writes wishes strongest first, and the preferences", () => {
    // A commute says neither: both are ours to assume, and shown so.
    expect(sum("ska pendla").wishes).toEqual([]);
    expect(sum("ska pendla").assumedWishes).toEqual(['Komfort och låg förbrukning – vi antog det för "pendla"']);
    expect(sum("säkerhet är viktigast, gärna snål. Helst en Toyota, gärna laddhybrid").wishes).toEqual([
      "Viktigt: säkerhet",
      "Gärna: låg förbrukning",
      "Gärna drivmedel: laddhybrid",
      "Gärna märke: Toyota",
    ]);
  });
});
