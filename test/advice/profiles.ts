import type { BodyType, Fuel, Make } from "#app/lib/car-facts";
import type { SearchInput } from "#app/lib/search-form";

/**
 * Buyer profiles for the advice evaluation (`npm run eval:advice` and test/unit/advice-quality).
 * `truth` is what a careful human reads in the description: the hard requirements every suggested
 * car must meet and the yearly mileage the costs must use. It is written by hand, independently
 * of the parser, so a requirement the parser misses shows up as a violation.
 */
export type Truth = {
  awd?: boolean;
  minSeats?: number;
  adultThirdRow?: boolean;
  minTowingKg?: number;
  allowedFuels?: Fuel[];
  excludedFuels?: Fuel[];
  minRangeKm?: number;
  gearbox?: "automat" | "manuell";
  requiredMakes?: Make[];
  excludedMakes?: Make[];
  bodies?: BodyType[];
  minModelYear?: number;
  minPowerHp?: number;
  /** Yearly driving the costs must be computed on. */
  milPerYear?: number;
};

export type Profile = {
  name: string;
  input: SearchInput;
  truth: Truth;
  /** "ok" (default): suggestions expected; "unclear": a 400 asking for a better description; "no-match": nothing fits. */
  outcome?: "ok" | "unclear" | "no-match";
};

const GERMAN: Make[] = ["Audi", "BMW", "Mercedes-Benz", "Opel", "Porsche", "Smart", "Volkswagen"];
const p = (name: string, description: string, maxPrice: number, carType: SearchInput["carType"], truth: Truth, outcome?: Profile["outcome"]): Profile => ({
  name,
  input: { description, maxPrice, carType, sellerType: "alla" },
  truth,
  ...(outcome ? { outcome } : {}),
});

export const PROFILES: readonly Profile[] = [
  p("fyrhjuls i norr", "Bor utanför Östersund och kör mycket på vinterväglag. Fyrhjulsdrift är ett måste, och gärna dragkrok.", 250_000, "kombi", {
    awd: true,
    bodies: ["kombi"],
  }),
  p("4x4 SUV", "Behöver en 4x4 för skogsvägar till stugan, ingen sportbil.", 400_000, "suv", { awd: true, bodies: ["suv"] }),
  p("typo fyrhjul", "Vi vill ha fyrhjulsdrif och automat, bilen ska rymma två stora hundar.", 300_000, "alla", { awd: true, gearbox: "automat" }),
  p("sju vuxna", "Vi är sju i familjen, tonåringarna är lika långa som vuxna så tredje raden måste funka för vuxna.", 450_000, "alla", {
    minSeats: 7,
    adultThirdRow: true,
  }),
  p("7-sits barn", "Behöver en 7-sits för barnen och deras kompisar till träningen.", 300_000, "alla", { minSeats: 7 }),
  p("sju platser billigt", "Sju sittplatser, max 120 000, helst inte för törstig.", 120_000, "alla", { minSeats: 7 }),
  p("husvagn 1800", "Vi drar en husvagn som väger 1 800 kg på somrarna.", 350_000, "alla", { minTowingKg: 1800 }),
  p("hästtransport", "Ska kunna dra hästtransporten, totalvikt 2,5 ton.", 600_000, "suv", { minTowingKg: 2500, bodies: ["suv"] }),
  p("båtsläp laddhybrid", "Laddhybrid som klarar att dra båtsläpet på 1500 kilo.", 500_000, "alla", { minTowingKg: 1500, allowedFuels: ["laddhybrid"] }),
  p("räckvidd 45 mil", "Elbil med minst 45 mil räckvidd, jag åker ofta Stockholm–Göteborg.", 500_000, "alla", { allowedFuels: ["el"], minRangeKm: 450 }),
  p("räckvidd km", "An EV with at least 350 km of range for my commute.", 350_000, "alla", { allowedFuels: ["el"], minRangeKm: 350 }),
  p("billig elbil", "Billig elbil för korta turer i stan, räcker med 15 mil räckvidd.", 120_000, "alla", { allowedFuels: ["el"], minRangeKm: 150 }),
  p("inte diesel inte tysk", "Vill absolut inte ha diesel och inget tyskt märke, annars är jag flexibel.", 250_000, "alla", {
    excludedFuels: ["diesel"],
    excludedMakes: GERMAN,
  }),
  p("ingen Volvo", "Allt utom Volvo, min pappa tjatar om Volvo men jag vill ha något annat. Kombi.", 200_000, "kombi", {
    excludedMakes: ["Volvo"],
    bodies: ["kombi"],
  }),
  p("bara Toyota", "Bara Toyota eller Lexus, jag litar inte på andra märken.", 300_000, "alla", { requiredMakes: ["Toyota", "Lexus"] }),
  p("diesel mil per år", "Jag kör 5 000 mil om året i tjänsten, diesel passar mig bäst.", 300_000, "kombi", {
    allowedFuels: ["diesel"],
    bodies: ["kombi"],
    milPerYear: 5000,
  }),
  p("pendling per dag", "Pendlar 8 mil om dagen tur och retur, vill ha låg bränslekostnad.", 200_000, "alla", { milPerYear: 1840 }),
  p("mil i månaden", "Kör ungefär 200 mil i månaden, mest motorväg.", 250_000, "sedan", { bodies: ["sedan"], milPerYear: 2400 }),
  p("km per år engelska", "I drive about 25000 km per year, need something reliable and automatic.", 250_000, "alla", { gearbox: "automat", milPerYear: 2500 }),
  p("manuell", "Vill ha manuell växellåda, tycker automat är tråkigt. Rolig att köra.", 150_000, "halvkombi", { gearbox: "manuell", bodies: ["halvkombi"] }),
  p("ung förare", "Första bilen till min son som är 18, ska vara säker och billig att försäkra.", 80_000, "alla", {}),
  p("budget 20k", "Billigaste möjliga bil som går igenom besiktningen, ska bara ta mig till jobbet.", 20_000, "alla", {}),
  p("budget 35k kombi", "Behöver en billig kombi till hundarna, max 35 000.", 35_000, "kombi", { bodies: ["kombi"] }),
  p("småbil stan", "Liten bil för stan, lätt att parkera på Söder.", 100_000, "smabil", {}),
  p("lyx 1.5M", "Vill ha det bästa som finns, komfort och prestanda, pengar är inget problem.", 1_500_000, "alla", {}),
  p("sportbil", "En rolig sportbil för sommaren, gärna cab.", 400_000, "coupe-cab", { bodies: ["coupe", "cab"] }),
  p("skåpbil", "Behöver en skåpbil till firman, ska rymma mycket verktyg.", 250_000, "skapbil", { bodies: ["skapbil"] }),
  p("pickup dragvikt", "Pickup som drar 3 ton, fyrhjulsdriven.", 500_000, "pickup", { bodies: ["pickup"], awd: true, minTowingKg: 3000 }),
  p("familjebuss", "Minibuss för åtta personer till föreningen.", 500_000, "familjebuss", { bodies: ["familjebuss"], minSeats: 8 }),
  p("etanol", "Vill tanka E85, har en mack med etanol nära.", 100_000, "alla", { allowedFuels: ["e85"] }),
  p("biogas", "Kör på biogas i Linköping, vill ha en gasbil.", 150_000, "alla", { allowedFuels: ["gas"] }),
  p("elhybrid", "En hybrid som inte behöver laddas, Toyota-stil, snål i stadstrafik.", 250_000, "alla", { allowedFuels: ["elhybrid"] }),
  p("årsmodell", "Inte äldre än 2019, automat, SUV för familjen.", 350_000, "suv", { minModelYear: 2019, gearbox: "automat", bodies: ["suv"] }),
  p("hästkrafter", "Minst 250 hk, ska vara kul på motorvägen. Sedan.", 400_000, "sedan", { minPowerHp: 250, bodies: ["sedan"] }),
  p("english negation", "No diesel and not a BMW please. A comfortable estate car for long trips.", 300_000, "kombi", {
    excludedFuels: ["diesel"],
    excludedMakes: ["BMW"],
    bodies: ["kombi"],
  }),
  p("falsk trigger barn", "Barnen har flyttat ut, nu vill vi ha något roligare och mindre. Ev. dragkrok.", 250_000, "alla", {}),
  p("tidigare diesel", "Min förra bil var en diesel men nu vill jag ha en elbil.", 350_000, "alla", { allowedFuels: ["el"] }),
  p("kombo hård", "Fyrhjulsdrift, dragkrok för 2000 kg, automat och inte diesel. Kombi eller SUV.", 450_000, "alla", {
    awd: true,
    minTowingKg: 2000,
    gearbox: "automat",
    excludedFuels: ["diesel"],
    bodies: ["kombi", "suv"],
  }),
  p("kort lista", "Elbil med sju säten och fyrhjulsdrift.", 400_000, "alla", { allowedFuels: ["el"], minSeats: 7, awd: true }),
  p(
    "omöjlig",
    "Elbil som drar 3 500 kg och har vuxenplats för sju.",
    200_000,
    "alla",
    { allowedFuels: ["el"], minTowingKg: 3500, minSeats: 7, adultThirdRow: true },
    "no-match",
  ),
  p("motsägelse", "Måste vara en elbil men absolut ingen elbil.", 300_000, "alla", {}, "unclear"),
  p("nonsens", "asdfgh qwerty zxcvbn", 200_000, "alla", {}, "unclear"),
  p("typo dragkrok famile", "Famijebil med drakrok, vi är fem.", 200_000, "alla", {}),
  p("laddbar phev typo", "En laddhybird med automatlåda, pendlar 4 mil enkel väg.", 350_000, "alla", {
    allowedFuels: ["laddhybrid"],
    gearbox: "automat",
    milPerYear: 1840,
  }),
  p("premium mellan", "Premiumkombi, gärna svensk eller tysk, fyrhjulsdrift.", 700_000, "kombi", { awd: true, bodies: ["kombi"] }),
];
