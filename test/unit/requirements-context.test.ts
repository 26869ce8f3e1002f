import { describe, expect, it } from "vitest";
import { BuyerRequirementsSchema } from "#app/lib/requirements";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import { summariseRequirements } from "#app/server/reading/summary.server";
import { row, scoreRow, type InterpretationRow } from "#test/advice/interpretation-score";

/**
 * The parser reads a word by its neighbours. Each row lists the fields its phrase is about; any
 * hard requirement the parser sets that the row does not list fails the row too (a false
 * trigger), so every row also checks what the phrase must leave alone.
 */

const HORSES: InterpretationRow[] = [
  row("två hästar i släpet", { minPowerHp: undefined, "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("vi har tre hästar", { minPowerHp: undefined }),
  row("en häst och ett föl", { minPowerHp: undefined }),
  row("fyra hästar på gården", { minPowerHp: undefined }),
  row("dottern har 2 hästar", { minPowerHp: undefined }),
  row("hästarna ska till veterinären ibland", { minPowerHp: undefined }),
  row("5 hästar, men vi hyr transport", { minPowerHp: undefined }),
  row("kör hästar till tävling", { minPowerHp: undefined }),
  row("drar två hästar", { minPowerHp: undefined, "wish:towing": true }),
  row("ska kunna dra 2 hästar", { minPowerHp: undefined, "wish:towing": true }),
  row("minst 150 hästar", { minPowerHp: 150 }),
  row("200 hästar eller mer", { minPowerHp: 200 }),
  row("över 300 hästar", { minPowerHp: 300 }),
  row("runt 180 hästar", { minPowerHp: 180 }),
  row("minst 120 hkr", { minPowerHp: 120 }),
  row("250hk minst", { minPowerHp: 250 }),
  row("minst 400 hästkrafter", { minPowerHp: 400 }),
  row("hästsläp för två hästar", { minPowerHp: undefined, assumedTowingKg: 2000 }),
  row("hästtransport med plats för tre hästar", { minPowerHp: undefined, assumedTowingKg: 2000 }),
  row("hästtrailer", { minPowerHp: undefined, assumedTowingKg: 2000 }),
  row("hästsläp, två hästar, totalvikt 2 400 kg", { minTowingKg: 2400, trailerTotalKg: 2400, minPowerHp: undefined }),
  row("hästsläpet väger 1 800 kg med hästen", { minTowingKg: 1800, trailerTotalKg: 1800, minPowerHp: undefined }),
  row("dra hästsläp med en häst, ca 1600 kg", { minTowingKg: 1600, minPowerHp: undefined }),
  row("Ska dra hästsläp med två hästar, totalt 2 200 kg", { minTowingKg: 2200, trailerTotalKg: 2200, minPowerHp: undefined }),
  row("hästsläp med 2 hästar totalt 2,2 ton", { minTowingKg: 2200, minPowerHp: undefined }),
  row("vi har 2 hästar och en hund", { minPowerHp: undefined, "wish:space": true }),
  row("hästar och hundar i familjen", { minPowerHp: undefined }),
  row("en häst", { minPowerHp: undefined }),
  row("tio hästar i stallet", { minPowerHp: undefined }),
  row("två vuxna och två barn, ska dra hem julgranen", { "wish:towing": false, kids: true }, { allow: ["minSeats"] }),
  row("ska dra 3 barn till träningen varje dag", { "wish:towing": false, kids: true }, { allow: ["minSeats"] }),
  row("motor på minst 190 hästar", { minPowerHp: 190 }),
];

const TOWING: InterpretationRow[] = [
  row("husvagn", { minTowingKg: undefined, assumedTowingKg: 1500 }),
  row("Dragkrok för husvagn", { minTowingKg: undefined, assumedTowingKg: 1500 }),
  row("vi drar husvagnen varje sommar", { minTowingKg: undefined, assumedTowingKg: 1500 }),
  row("husvagn på 1 400 kg", { minTowingKg: 1400, assumedTowingKg: undefined, trailerTotalKg: 1400 }),
  row("husvagnen väger 1 650 kg", { minTowingKg: 1650, assumedTowingKg: undefined, trailerTotalKg: 1650 }),
  row("husvagn, totalvikt 1 300 kg", { minTowingKg: 1300, assumedTowingKg: undefined }),
  row("en husvagn på 1700", { minTowingKg: 1700, assumedTowingKg: undefined }),
  row("husvagn på 1,6 ton", { minTowingKg: 1600, assumedTowingKg: undefined }),
  row("Kabe husvagn, 1 500 kg", { minTowingKg: 1500, assumedTowingKg: undefined }),
  row("måste kunna dra vår Kabe, den är på 1700 kg", { minTowingKg: 1700, assumedTowingKg: undefined }),
  row("husvagn, den väger 1 900 kg lastad", { minTowingKg: 1900, assumedTowingKg: undefined }),
  row("campingvagn", { assumedTowingKg: 1500 }),
  row("gärna dragkrok för husvagn", { minTowingKg: undefined, assumedTowingKg: undefined, "wish:towing": true }),
  row("kanske husvagn i framtiden", { minTowingKg: undefined, assumedTowingKg: undefined, "wish:towing": true }),
  row("släpvagn på 1,2 ton", { minTowingKg: 1200, trailerTotalKg: 1200 }),
  row("släpkärra, totalt 750 kg", { minTowingKg: 750 }),
  row("båttrailer, totalt 1 400 kg", { minTowingKg: 1400, trailerTotalKg: 1400 }),
  row("båten med trailer väger 1 100 kg", { minTowingKg: 1100, trailerTotalKg: 1100 }),
  row("dragvikt minst 1 600 kg", { minTowingKg: 1600 }),
  row("dragvikt 2 ton", { minTowingKg: 2000 }),
  row("ska dra 1 500 kilo", { minTowingKg: 1500 }),
  row("dra släp, max 1 000 kg", { minTowingKg: 1000 }),
  row("släpet väger max 1 300 kg", { minTowingKg: 1300 }),
  row("släp ibland, typ 900 kg", { minTowingKg: 900 }),
  row("vi har en släpvagn. Den väger 1 000 kg fullastad", { minTowingKg: 1000 }),
  row("dragkrok till cykelställ", { minTowingKg: undefined, assumedTowingKg: undefined }),
  row("ingen dragkrok behövs", { minTowingKg: undefined, "wish:towing": false }),
  row("vi drar inget släp", { minTowingKg: undefined }),
  row("takbox på 75 kg", { minTowingKg: undefined }),
  row("jag väger 90 kg", { minTowingKg: undefined }),
  row("behöver dra en vattenskoter", { "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("ska dra en jetski ibland", { "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("husbåt på trailer", { "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("hästtransport, 2 000 kg", { minTowingKg: 2000, assumedTowingKg: undefined }),
  row("dragkrok är ett måste, husvagnen väger 1 350 kg", { minTowingKg: 1350, assumedTowingKg: undefined }),
];

const WINTER: InterpretationRow[] = [
  row("Den ska stå i garaget på vintern", { winterNeeds: false }),
  row("står i garage vintertid", { winterNeeds: false }),
  row("bilen ställs av på vintern", { winterNeeds: false }),
  row("vinteruppställd i garage", { winterNeeds: false }),
  row("den övervintrar i ladan", { winterNeeds: false }),
  row("ska förvaras inomhus på vintern", { winterNeeds: false }),
  row("sommarbil, står inne på vintern", { winterNeeds: false }),
  row("vintergarage finns", { winterNeeds: false }),
  row("vinterförvaring ingår", { winterNeeds: false }),
  row("står ute på vintern", { winterNeeds: true }),
  row("bilen står ute hela vintern", { winterNeeds: true }),
  row("står på gatan på vintern", { winterNeeds: true }),
  row("ska funka på vintern", { winterNeeds: true }),
  row("kör varje dag på vintern", { winterNeeds: true }),
  row("vinterväglag på jobbvägen", { winterNeeds: true }),
  row("mycket snö där vi bor", { winterNeeds: true }),
  row("isiga backar", { winterNeeds: true }),
  row("kall start i minus 25", { winterNeeds: true }),
  row("ofta minus 20 grader", { winterNeeds: true }),
  row("20 minus på morgnarna", { winterNeeds: true }),
  row("ett minus är om den är för stor", { winterNeeds: false }),
  row("gärna dieselvärmare", { winterNeeds: true, allowedFuels: [], preferredFuels: [] }),
  row("måste ha webasto", { winterNeeds: true, allowedFuels: [] }),
  row("bränslevärmare vore fint", { winterNeeds: true, preferredFuels: [] }),
  row("diesel med dieselvärmare", { allowedFuels: ["diesel"], winterNeeds: true }),
  row("motorvärmare", { winterNeeds: true }),
  row("knappt någon snö här", { winterNeeds: false }),
  row("bor i Skåne där det sällan är vinter", { winterNeeds: false, northern: false }),
  row("bilen vilar i garage på vintern och körs på sommaren", { winterNeeds: false }),
  row("vinterdäck på fälg ingår gärna", { winterNeeds: true }),
];

const PLACES: InterpretationRow[] = [
  row("bor i Umeå", { northern: true, winterNeeds: true }),
  row("vi bor i Luleå", { northern: true }),
  row("bosatt i Östersund", { northern: true }),
  row("bor utanför Kiruna", { northern: true }),
  row("flyttar till Sundsvall", { northern: true }),
  row("har flyttat till Skellefteå", { northern: true }),
  row("hemma i Piteå", { northern: true }),
  row("här uppe i Gällivare är vintern lång", { northern: true, winterNeeds: true }),
  row("i Umeå där vi bor", { northern: true }),
  row("bor i Jokkmokk", { northern: true }),
  row("bor i Haparanda", { northern: true }),
  row("vi bor i Åre", { northern: true, winterNeeds: true }),
  row("Kiruna", { northern: true }),
  row("Vi åker till fjällen på sommarn", { northern: false, winterNeeds: false }),
  row("åker till fjällen varje vinter", { northern: false, winterNeeds: true }),
  row("åker till fjällen ibland", { northern: false, winterNeeds: true }),
  row("semester i Norrland på somrarna", { northern: false, winterNeeds: false }),
  row("sommarstuga i Jämtland", { northern: false, winterNeeds: false }),
  row("fjällstuga i Vemdalen som vi åker till på sportlovet", { northern: false, winterNeeds: true }),
  row("min mamma bor i Umeå", { northern: false, winterNeeds: false }),
  row("svärföräldrarna bor i Luleå", { northern: false }),
  row("mina föräldrar bor i Östersund, vi hälsar på ibland", { northern: false }),
  row("farmor bor i Kiruna och vi åker dit på jul", { northern: false, winterNeeds: true }),
  row("besöker släkten i Sundsvall", { northern: false }),
  row("åker upp till Hemavan på vintern", { northern: false, winterNeeds: true }),
  row("Kör Stockholm–Åre med ett laddstopp på vintern", { northern: false, winterNeeds: true, "wish:longTrips": true }, { allow: ["minRangeKm"] }),
  row("kör Göteborg-Åre på sportlovet", { northern: false, winterNeeds: true, "wish:longTrips": true }),
  row("bor i Malmö, åker till fjällen ibland", { northern: false, area: "storstad" }),
  row("bor i Stockholm men åker till Åre på vintern", { northern: false, winterNeeds: true }),
  row("skidresa till Sälen varje år", { northern: false, winterNeeds: true }),
  row("åker till Idre på vintern", { northern: false, winterNeeds: true }),
  row("bor i Sälen", { northern: false, winterNeeds: true }),
  row("kör 20 mil om året till Umeå", { northern: false }, { allow: [] }),
  row("pendlar om åre 1500 mil", { northern: false }),
  row("semestrar i Lappland", { northern: false }),
];

const PERMISSION: InterpretationRow[] = [
  row("Diesel går bra", { allowedFuels: [], excludedFuels: [] }),
  row("diesel funkar", { allowedFuels: [] }),
  row("diesel funkar fint", { allowedFuels: [] }),
  row("bensin funkar bra", { allowedFuels: [] }),
  row("en laddhybrid kan funka", { allowedFuels: [] }),
  row("elbil kan fungera", { allowedFuels: [] }),
  row("en hybrid duger", { allowedFuels: [] }),
  row("kombi går bra, suv också", { bodyTypes: [] }),
  row("Toyota går bra, Mazda också", { requiredMakes: [] }),
  row("diesel går bra, bensin också", { allowedFuels: [] }),
  row("manuell går bra", { gearbox: undefined }),
  row("automat funkar också", { gearbox: undefined }),
  row("SUV funkar", { bodyTypes: [] }),
  row("Volvo funkar fint", { requiredMakes: [] }),
  row("sedan eller kombi går bra", { bodyTypes: [] }),
  row("spelar ingen roll om det är diesel", { allowedFuels: [] }),
  row("fyrhjulsdrift är inget krav", { awd: false, "wish:awd": false }),
  row("Gärna men inte nödvändigt med fyrhjulsdrift", { awd: false, "wish:awd": true }),
  row("7 sitsar vore bonus", { minSeats: undefined, "wish:space": true }),
  row("automat vore bonus", { gearbox: undefined }),
  row("diesel", { allowedFuels: ["diesel"] }),
  row("måste vara diesel", { allowedFuels: ["diesel"] }),
  row("en diesel som går bra", { allowedFuels: ["diesel"] }),
  row("kombi, suv går också", { bodyTypes: ["kombi", "suv"] }),
  row("bensin, men diesel går också bra", { allowedFuels: ["bensin", "diesel"] }),
  row("en Volvo, Saab funkar också", { requiredMakes: ["Volvo", "Saab"] }),
  row("ingen diesel", { excludedFuels: ["diesel"] }),
  row("inte en stor suv", { bodyTypes: [], "wish:cityFriendly": true }),
  row("ingen jättestor bil", { bodyTypes: [] }),
  row("inte en suv", { bodyTypes: ["halvkombi", "sedan", "kombi", "familjebuss", "coupe", "cab", "pickup", "skapbil"] }),
  row("gärna diesel", { allowedFuels: [], preferredFuels: ["diesel"] }),
  row("diesel eller bensin spelar ingen roll", { allowedFuels: [] }),
];

const AGES: InterpretationRow[] = [
  row("Är 19 år", { driverAge: 19 }),
  row("Är 19 år och har precis tagit körkort", { driverAge: 19 }),
  row("är 24 år", { driverAge: 24 }),
  row("jag e 18", { driverAge: 18 }),
  row("jag e 21 å pluggar", { driverAge: 21 }),
  row("pensionär på 70", { driverAge: 70 }),
  row("student på 22", { driverAge: 22 }),
  row("min son är 19 och ska köra", { driverAge: 19 }),
  row("sonen är 18", { driverAge: 18 }),
  row("dottern är 20 och kör mest", { driverAge: 20 }),
  row("vår 17-åring övningskör", { driverAge: undefined }),
  row("dottern övningskör, hon är 17", { driverAge: undefined }),
  row("precis tagit körkort", { driverAge: undefined }),
  row("jag är 45", { driverAge: 45 }),
  row("Är max 5 år gammal", { driverAge: undefined }, { allow: ["minModelYear"] }),
  row("bilen är 5 år", { driverAge: undefined, minModelYear: undefined }),
  row("inte äldre än 6 år", { minModelYear: 2020, driverAge: undefined }),
  row("barnen är 6 och 9", { driverAge: undefined, kids: true }),
  row("två barn, 2 och 5 år", { driverAge: undefined, kids: true }),
  row("hunden är 3 år", { driverAge: undefined }),
  row("Är 67 och pensionär", { driverAge: 67 }),
  row("Är 30 år, bor i Göteborg", { driverAge: 30, area: "storstad" }),
  row("är 26 och har en hund", { driverAge: 26 }),
  row("19 år gammal", { driverAge: 19 }),
  row("nyss fyllt 20", { driverAge: undefined }, { allow: [] }),
];

const ECONOMY: InterpretationRow[] = [
  row("billit å köra", { "wish:economy": true, "wish:cheapToBuy": false }),
  row("ska va billit å köra", { "wish:economy": true, "wish:cheapToBuy": false }),
  row("billigt å köra", { "wish:economy": true, "wish:cheapToBuy": false }),
  row("billi å äga", { "wish:economy": true }),
  row("billigt att äga", { "wish:economy": true }),
  row("billig drift", { "wish:economy": true }),
  row("inte för törstig", { "wish:economy": true }),
  row("inte så törstig", { "wish:economy": true }),
  row("ska inte slurpa bensin", { "wish:economy": true, allowedFuels: [], excludedFuels: [] }),
  row("drar lite bensin", { "wish:economy": true, allowedFuels: [] }),
  row("drar lite diesel", { "wish:economy": true, allowedFuels: [] }),
  row("får inte dra för mkt", { "wish:economy": true }),
  row("sparsam", { "wish:economy": true }),
  row("låg skatt", { "wish:economy": true }),
  row("billig att köpa", { "wish:cheapToBuy": true }),
  row("billig", { "wish:cheapToBuy": true }),
  row("prisvärd", { "wish:cheapToBuy": true }),
  row("billig försäkring", { "wish:lowInsurance": true }),
  row("snål", { "wish:economy": true }),
  row("låg förbrukning", { "wish:economy": true }),
  row("bränslesnål bensinbil", { "wish:economy": true, allowedFuels: ["bensin"] }),
  row("inte dyr i drift", { "wish:economy": true }),
  row("gärna luftfjädring", { "wish:comfort": true }),
  row("luftfjädring", { "wish:comfort": true }),
  row("säkert o pålitligt", { "wish:safety": true, "wish:reliability": true }),
];

const CHARGING: InterpretationRow[] = [
  row("har laddbox hemma", { homeCharging: true }),
  row("laddbox finns", { homeCharging: true }),
  row("kan ladda hemma", { homeCharging: true }),
  row("laddar i garaget", { homeCharging: true }),
  row("egen laddare på uppfarten", { homeCharging: true }),
  row("har laddplats hemma", { homeCharging: true }),
  row("vi har laddstolpe på parkeringen", { homeCharging: true }),
  row("utan laddmöjlighet hemma", { homeCharging: false }),
  row("Elbil men utan laddmöjlighet hemma", { homeCharging: false, allowedFuels: ["el"] }),
  row("ingen laddbox", { homeCharging: false }),
  row("kan inte ladda hemma", { homeCharging: false }),
  row("går inte att ladda där vi bor", { homeCharging: false }),
  row("saknar laddplats", { homeCharging: false }),
  row("kan ladda på jobbet men inte hemma", { homeCharging: false }),
  row("bor i lägenhet utan laddplats", { homeCharging: false }),
  row("inga laddmöjligheter", { homeCharging: false }),
  row("vill ha en elbil", { homeCharging: undefined, allowedFuels: ["el"] }),
  row("snabbladdning är viktigt", { homeCharging: undefined }),
  row("laddhybrid, laddbox finns", { homeCharging: true, allowedFuels: ["laddhybrid"] }),
  row("ingen möjlighet att ladda", { homeCharging: false }),
  // "utan att ladda" is about the trip, not about home.
  row("klarar sthlm-gbg utan att ladda mer än en gång, hemmaladdning finns", { homeCharging: true }),
  row("vill köra till jobbet hela veckan utan att ladda", { homeCharging: undefined }),
];

const COMPANY: InterpretationRow[] = [
  row("tjänstebil", { companyCar: true }),
  row("ska bli förmånsbil", { companyCar: true }),
  row("förmånsbil via jobbet", { companyCar: true }),
  row("lågt förmånsvärde", { companyCar: true }),
  row("firmabil till mitt företag", { companyCar: true }),
  row("företagsbil", { companyCar: true }),
  row("leasas via firman", { companyCar: true }),
  row("privat köp", { companyCar: false }),
  row("köper privat", { companyCar: false }),
  row("inte tjänstebil", { companyCar: false }),
  row("ingen förmånsbil", { companyCar: false }),
  row("privatperson som köper", { companyCar: false }),
  row("kör till jobbet varje dag", { companyCar: undefined }),
  row("jobbar som snickare", { companyCar: undefined }),
  row("vill ha en bil", { companyCar: undefined }),
];

const DRIVE: InterpretationRow[] = [
  row("bakhjulsdriven", { drive: "rwd", awd: false }),
  row("bakhjulsdrift", { drive: "rwd", awd: false }),
  row("helst bakhjulsdrift", { drive: "rwd", awd: false }),
  row("bakhjulsdrift är ett måste", { drive: "rwd", awd: false }),
  row("Sportig, bakhjulsdrift, minst 250 hk", { drive: "rwd", minPowerHp: 250, "wish:sporty": true }),
  row("framhjulsdrift", { drive: "fwd", awd: false }),
  row("framhjulsdriven räcker", { drive: "fwd" }),
  row("inte bakhjulsdriven", { drive: undefined }),
  row("fyrhjulsdrift", { drive: "awd", awd: true }),
  row("4wd", { drive: "awd", awd: true }),
  row("gärna fyrhjulsdrift", { drive: "awd", awd: false, "wish:awd": true }),
  row("fyrhjuls drift", { drive: "awd", awd: true }),
  row("4x4", { drive: "awd", awd: true }),
  row("en kombi", { drive: undefined, bodyTypes: ["kombi"] }),
  row("rwd", { drive: "rwd" }),
];

const TIER: InterpretationRow[] = [
  row("Premium-SUV", { tier: "premium", bodyTypes: ["suv"] }),
  row("en lyx-SUV", { tier: "premium", bodyTypes: ["suv"] }),
  row("premiumbil", { tier: "premium" }),
  row("lyxbil", { tier: "premium" }),
  row("lyxig", { tier: "premium" }),
  row("lite lyx", { tier: "premium" }),
  row("Exklusivt, typ Porsche eller AMG", { tier: "exclusive", preferredMakes: ["Porsche", "Mercedes-Benz"], requiredMakes: [] }),
  row("något exklusivt", { tier: "exclusive" }),
  row("exklusiv sportbil", { tier: "exclusive", "wish:sporty": true }),
  row("behöver inte vara lyxig", { tier: undefined }),
  row("ingen lyx", { tier: undefined }),
  row("inte premium", { tier: undefined }),
  row("en vanlig bil", { tier: undefined }),
  row("premiumkänsla", { tier: "premium" }),
  row("typ AMG", { preferredMakes: ["Mercedes-Benz"], requiredMakes: [] }),
  row("lyxig känsla men billig i drift", { tier: "premium", "wish:economy": true }),
];

const KIDS: InterpretationRow[] = [
  row("A safe family car, two kids", { kids: true, "wish:safety": true }, { allow: ["minSeats"] }),
  row("två barn", { kids: true }),
  row("3 barn", { kids: true }),
  row("har tre ungar", { kids: true }),
  row("småbarnsfamilj", { kids: true }),
  row("barnvagn ska få plats", { kids: true }),
  row("två bilbarnstolar", { kids: true }),
  row("isofix", { kids: true }),
  row("bebis på väg", { kids: true }),
  row("inga barn", { kids: false }),
  row("utan barn", { kids: false }),
  row("barnen har flyttat ut", { kids: undefined }),
  row("utflugna barn, bara vi två", { kids: undefined }),
  row("barnbarnen åker med ibland", { kids: undefined }),
  row("bara jag och hunden", { kids: undefined }),
  row("vi är två vuxna", { kids: undefined }),
  row("familj med två tonåringar", { kids: true }),
  row("två vuxna och tre barn", { kids: true, minSeats: 5 }),
  row("familj med 5 barn", { kids: true, minSeats: 6 }),
  row("barnstol bakåtvänd", { kids: true }),
];

const FALSE_TRIGGERS: InterpretationRow[] = [
  row("diesel värmare", { allowedFuels: [] }, { allow: [] }),
  row("bensinstationen ligger långt bort", { allowedFuels: [] }, { allow: ["allowedFuels"] }),
  row("kombi sedan 2015 har jag haft", { bodyTypes: [] }, { allow: [] }),
  row("billig att tanka", { "wish:economy": true }),
  row("elbil nej tack", { excludedFuels: ["el"], allowedFuels: [] }),
  row("min gamla diesel ska bytas ut", { allowedFuels: [] }),
  row("hade en Volvo förut", { requiredMakes: [] }),
  row("pappa tjatar om Volvo", { requiredMakes: [] }),
  row("kör om åre 2000 mil", { northern: false }, { allow: [] }),
  row("åker mycket motorväg", { "wish:longTrips": true }),
  row("laddstopp ska vara få", { "wish:longTrips": true }),
  row("ett laddstopp till stugan", { "wish:longTrips": true }),
  row("Göteborg–Stockholm varje vecka", { "wish:longTrips": true }),
  row("En Premium-SUV från Audi", { tier: "premium", requiredMakes: ["Audi"] }, { allow: ["bodyTypes"] }),
  row("Volvo V60 - gärna", { "wish:longTrips": false }, { allow: ["requiredMakes"] }),
  row("två hundar och en häst", { minPowerHp: undefined, "wish:space": true }),
  row("kan tänka mig en elbil om räckvidden är minst 40 mil", { allowedFuels: [] }, { allow: ["minRangeKm"] }),
  row("ingen dieselbil men gärna dieselvärmare", { excludedFuels: ["diesel"], winterNeeds: true }),
  row("hästkrafter spelar ingen roll", { minPowerHp: undefined }),
  row("garage finns", { winterNeeds: false }),
];

const TABLES: [string, InterpretationRow[]][] = [
  ["hästar: animals or horsepower", HORSES],
  ["towing: totals, units and assumptions", TOWING],
  ["winter: driven or stored", WINTER],
  ["places: living or visiting", PLACES],
  ["permission is not a demand", PERMISSION],
  ["ages: the driver's, the car's, the kids'", AGES],
  ["economy: cheap to run, not to buy", ECONOMY],
  ["situation: home charging", CHARGING],
  ["situation: company car", COMPANY],
  ["situation: drive", DRIVE],
  ["situation: tier", TIER],
  ["situation: kids", KIDS],
  ["false triggers", FALSE_TRIGGERS],
];

for (const [name, rows] of TABLES) {
  describe(`parser context: ${name}`, () => {
    it.each(rows.map((item) => [item.text, item] as const))("%s", (_, item) => {
      const result = scoreRow(item);
      expect({ misses: result.misses, invented: result.invented }).toEqual({ misses: [], invented: [] });
    });
  });
}

describe("assumptions are shown as ours, not as the buyer's requirements", () => {
  const parse = (description: string) => parseRequirements({ description, maxPrice: 300_000, carType: "alla", sellerType: "alla" }, { referenceYear: 2026 });

  it("a caravan without a weight: enforced at 1 500 kg, listed under 'Vi antog', not under 'Krav'", () => {
    const reading = parse("Dragkrok för husvagn");
    expect(reading.hard.minTowingKg).toBe(1500);
    expect(reading.assumptions).toEqual([{ field: "minTowingKg", value: 1500, quote: "husvagn" }]);
    const summary = summariseRequirements(reading);
    expect(summary.hard.join(" ")).not.toMatch(/Dragvikt|Dragkrok/u);
    expect(summary.assumed).toEqual(['Dragvikt minst 1\u00a0500\u00a0kg – vi antog det för "husvagn"']);
  });

  it("a stated weight is the buyer's requirement, with no assumption", () => {
    const reading = parse("husvagn på 1 800 kg");
    expect(reading.assumptions).toEqual([]);
    expect(summariseRequirements(reading).hard).toContain("Dragvikt minst 1\u00a0800\u00a0kg");
    expect(summariseRequirements(reading).assumed).toEqual([]);
  });

  it("a must-have towbar beside a caravan: the caravan's weight is still ours", () => {
    const reading = parse("Dragkrok är ett måste, vi har en husvagn");
    expect(reading.hard.minTowingKg).toBe(1500);
    expect(reading.assumptions.map((item) => item.field)).toEqual(["minTowingKg"]);
  });

  it("a reading saved before assumptions and situation existed still parses and renders as before", () => {
    const saved = { version: 1, hard: { maxPrice: 250_000, minTowingKg: 1500 }, usage: { milPerYear: 1500, milPerYearStated: false } };
    const reading = BuyerRequirementsSchema.parse(saved);
    expect(reading.assumptions).toEqual([]);
    expect(reading.situation).toEqual({});
    const summary = summariseRequirements(reading);
    expect(summary.hard).toContain("Dragvikt minst 1\u00a0500\u00a0kg");
    expect(summary.assumed).toEqual([]);
  });
});
