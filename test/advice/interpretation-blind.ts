import { row, type InterpretationRow } from "./interpretation-score";

/**
 * Interpretation rows written blind: without reading the parser's code or its tests, from how
 * Swedes write on their phones. Scored separately from the main table, so that fixing the parser
 * against the main table cannot hide how it reads wording nobody tuned it for.
 */
export const INTERPRETATION_BLIND: InterpretationRow[] = [
  // Towing, told as a story.
  row("vi har en hästtrailer för två ston, ekipaget blir runt 2,3 ton", { minTowingKg: 2300, trailerTotalKg: 2300, minPowerHp: undefined }),
  row("drar släp ibland, typ 1 ton max", { minTowingKg: 1000, trailerTotalKg: 1000 }),
  row("måste kunna dra vår Kabe, den är på 1700 kg", { minTowingKg: 1700, trailerTotalKg: 1700, assumedTowingKg: undefined }),
  row("husvagn ska med på semestern", { minTowingKg: undefined, assumedTowingKg: true }),
  row("hästsläp", { minTowingKg: undefined, minPowerHp: undefined }, { allow: ["minTowingKg"] }),
  row("2 hästar + släp ca 2100kg", { minTowingKg: 2100, minPowerHp: undefined }),
  row("behöver dragkrok för att dra vattenskotern", { "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("släpet väger 1 400 kilo fullastat", { minTowingKg: 1400, trailerTotalKg: 1400 }),
  row("dragvikt över 2 ton", { minTowingKg: 2000 }),
  row("Dra båten på 1,2 ton till sjön", { minTowingKg: 1200, trailerTotalKg: 1200 }),
  row("ska orka med en husvagn på 1600", { minTowingKg: 1600, assumedTowingKg: undefined }),
  row("inget släp, ingen dragkrok behövs", { minTowingKg: undefined, "wish:towing": false }),

  // Horses and horsepower.
  row("minst 180 hästar", { minPowerHp: 180 }),
  row("har 4 hästar hemma på gården", { minPowerHp: undefined }),
  row("bilen ska ha över 250 hästkrafter", { minPowerHp: 250 }),
  row("ridskola med två hästar, vi kör dit varje dag", { minPowerHp: undefined }),
  row("runt 120 hk räcker", { minPowerHp: 120 }),
  row("hk spelar ingen roll", { minPowerHp: undefined }),

  // Winter and where the car is.
  row("Bilen ska övervintra i ladan", { winterNeeds: false }),
  row("körs april till oktober, står still resten", { winterNeeds: false }),
  row("måste starta i 35 minus", { winterNeeds: true }),
  row("vi bor uppe i Jokkmokk", { northern: true, winterNeeds: true }),
  row("snöiga backar hemma", { winterNeeds: true }),
  row("brant uppfart som blir isig", { winterNeeds: true }),
  row("ställer av den på vintern", { winterNeeds: false }),
  row("bor i Skåne, knappt någon snö", { northern: false, winterNeeds: false }),
  row("kör till Vemdalen några helger per vinter", { winterNeeds: true, northern: false }),
  row("ska funka på vintern i Umeå där vi bor", { northern: true, winterNeeds: true }),

  // Visiting or living.
  row("svärföräldrarna bor i Piteå", { northern: false }),
  row("stuga i Funäsdalen dit vi åker på sportlovet", { northern: false, winterNeeds: true }),
  row("vi är bosatta i Luleå", { northern: true }),
  row("bor i Kiruna sen 10 år", { northern: true }),
  row("jobbar i Norge ibland, bor i Karlstad", { northern: false }),
  row("semestrar i Lappland", { northern: false }),
  row("har flyttat upp till Sundsvall", { northern: true }),
  row("åker upp till farmor i Östersund på jul", { northern: false, winterNeeds: true }),

  // Permission, not a demand.
  row("diesel är ok", { allowedFuels: [], excludedFuels: [] }),
  row("elbil eller hybrid, båda funkar", { allowedFuels: ["el", "elhybrid", "laddhybrid"] }, { allow: ["allowedFuels"] }),
  row("bensin funkar fint", { allowedFuels: [] }),
  row("Manuell växellåda går också bra", { gearbox: undefined }),
  row("SUV går bra men inget krav", { bodyTypes: [] }),
  row("en Kia funkar fint", { requiredMakes: [] }),
  row("laddhybrid kan funka", { allowedFuels: [] }),
  row("Gärna men inte nödvändigt med fyrhjulsdrift", { awd: false, "wish:awd": true }),
  row("jag är öppen för diesel", { allowedFuels: [], excludedFuels: [] }),
  row("automat eller manuell spelar ingen roll", { gearbox: undefined, preferredGearbox: undefined }),
  row("kan vara äldre än 2015 om den är fin", { minModelYear: undefined }),
  row("tyska bilar funkar också", { requiredMakes: [], excludedMakes: [] }),

  // Demands and refusals, phone style.
  row("absolut ingen diesel", { excludedFuels: ["diesel"] }),
  row("måste va automat", { gearbox: "automat" }),
  row("ej elbil", { excludedFuels: ["el"] }),
  row("vill ha elbil", { allowedFuels: ["el"] }),
  row("inte Volvo", { excludedMakes: ["Volvo"] }),
  row("aldrig mer en fransk bil", { excludedMakes: ["Citroen", "DS", "Peugeot", "Renault"] }),
  row("4x4 är ett krav", { awd: true }),
  row("fyrhjulsdrift som krav", { awd: true }),
  row("AWD måste", { awd: true }),
  row("Volvo eller Toyota", { requiredMakes: ["Volvo", "Toyota"] }, { allow: ["requiredMakes"] }),
  row("helst inte kinesiskt", { excludedMakes: [] }),

  // The driver and the car's age.
  row("Är 20 år", { driverAge: 20 }),
  row("jag e 18", { driverAge: 18 }),
  row("nybliven pensionär på 66", { driverAge: 66 }),
  row("bilen ska inte vara äldre än 8 år", { minModelYear: 2018, driverAge: undefined }),
  row("barnen är 4 och 9", { driverAge: undefined, kids: true }),
  row("max 3 år gammal bil", { minModelYear: 2023 }),
  row("årsmodell 2019 eller nyare", { minModelYear: 2019 }),
  row("vår 17-åring övningskör i den", { driverAge: undefined }),

  // Costs.
  row("billig å köra", { "wish:economy": true, "wish:cheapToBuy": false }),
  row("billig i drift och låg skatt", { "wish:economy": true }),
  row("ska inte slurpa bensin", { "wish:economy": true, allowedFuels: [] }),
  row("låg förbrukning", { "wish:economy": true }),
  row("billig försäkring, är ung", { "wish:lowInsurance": true }),
  row("så billig som möjligt att köpa", { "wish:cheapToBuy": true }),
  row("låga driftskostnader viktigast", { "wish:economy": true }),
  row("sparsam motor", { "wish:economy": true }),

  // Family, seats, space.
  row("har tre ungar", { kids: true }, { allow: ["minSeats"] }),
  row("två småbarn och en hund", { kids: true }),
  row("7-sitsig tack", { minSeats: 7 }),
  row("plats för sju", { minSeats: 7 }),
  row("3 barnstolar bredvid varandra", { kids: true }, { allow: ["minSeats"] }),
  row("stort bagageutrymme för hundburar", { "wish:space": true }),
  row("familjebil", { minSeats: undefined }),
  row("bara två vuxna i bilen", { minSeats: undefined, kids: undefined }),

  // Range and trips.
  row("räckvidd på minst 45 mil", { minRangeKm: 450 }),
  row("350 km räckvidd på vintern", { minRangeKm: 350, winterNeeds: true }),
  row("kör Göteborg–Stockholm ofta", { "wish:longTrips": true }),
  row("mest korta turer i stan", { "wish:cityFriendly": true, "wish:longTrips": false }),
  row("långkörning varje helg", { "wish:longTrips": true }),

  // Mileage.
  row("kör typ 2500 mil per år", { milPerYear: 2500 }),
  row("kör ca 800 mil om året", { milPerYear: 800 }),
  row("max 12 000 mil mätarställning", { maxOdometerMil: 12000, milPerYear: undefined }),
  row("inte gått mer än 8000 mil", { maxOdometerMil: 8000 }),

  // Company car, charging, drive, tier.
  row("ska leasas som förmånsbil", { companyCar: true }),
  row("köper privat", { companyCar: false }),
  row("ingen laddbox hemma, bor i hyresrätt", { homeCharging: false }),
  row("kan ladda i garaget hemma", { homeCharging: true }),
  row("laddstolpe på parkeringen hemma", { homeCharging: true }),
  row("bakhjulsdrift är ett måste", { drive: "rwd", awd: false }),
  row("framhjulsdriven helst", { drive: "fwd" }),
  row("premiumbil", { tier: "premium" }),
  row("lyxbil", { tier: "premium" }),
  row("vill ha något riktigt exklusivt", { tier: "exclusive" }),

  // Typos and dialect.
  row("fyrhjuls drift", { awd: true }),
  row("automatväxlad", { gearbox: "automat" }),
  row("el bil", { allowedFuels: ["el"] }),
  row("säkert o pålitligt", { "wish:safety": true, "wish:reliability": true }),
  row("bekväm o tyst", { "wish:comfort": true }),
  row("hög sittposition", { "wish:highSeating": true }),
  row("sportig o snabb", { "wish:sporty": true }),
  row("miljövänlig", { "wish:environment": true }),
  row("kombi tack", { bodyTypes: ["kombi"] }),
  row("gärna suv", { bodyTypes: [], preferredBodyTypes: ["suv"] }),
];
