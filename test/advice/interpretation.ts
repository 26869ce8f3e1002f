import { row, type InterpretationRow } from "./interpretation-score";

/**
 * Tricky phrases and what a careful human reads in them (scored by `npm run eval:advice`). Every
 * phrase a new user's test misread is here, beside its neighbours: the same word in another
 * sense, typos, dialect and phone typing. Written by hand from how buyers write, not from what
 * the parser knows.
 */
export const INTERPRETATION: InterpretationRow[] = [
  // Misread in a new user's test.
  row("Ska dra hästsläp med två hästar, totalt 2 200 kg", { minTowingKg: 2200, minPowerHp: undefined, trailerTotalKg: 2200, "wish:towing": true }),
  row("Den ska stå i garaget på vintern", { winterNeeds: false, northern: false }),
  row("Vi åker till fjällen på sommarn", { northern: false, winterNeeds: false }),
  row("Är 19 år och har precis tagit körkort", { driverAge: 19 }),
  row("Diesel går bra", { allowedFuels: [], excludedFuels: [] }),
  row("ska va billit å köra", { "wish:economy": true, "wish:cheapToBuy": false }),
  row("Dragkrok för husvagn", { minTowingKg: undefined, assumedTowingKg: true, "wish:towing": true }),
  row("Kör Stockholm–Åre med ett laddstopp på vintern", { "wish:longTrips": true, winterNeeds: true, northern: false }, { allow: ["minRangeKm"] }),
  row("Elbil men utan laddmöjlighet hemma", { allowedFuels: ["el"], homeCharging: false }),
  row("gärna luftfjädring", { "wish:comfort": true, minPowerHp: undefined }),
  row("bakhjulsdriven", { drive: "rwd", awd: false }),
  row("gärna dieselvärmare", { allowedFuels: [], excludedFuels: [], preferredFuels: [] }),
  row("inte för törstig", { "wish:economy": true, excludedFuels: [] }),
  row("A safe family car, two kids", { "wish:safety": true, kids: true }, { allow: ["minSeats"] }),
  row("Sportig, bakhjulsdrift, minst 250 hk", { minPowerHp: 250, "wish:sporty": true, drive: "rwd", awd: false }),
  row("Premium-SUV", { tier: "premium", minPowerHp: undefined }, { maxPrice: 900_000, allow: ["bodyTypes"] }),
  row("Exklusivt, typ Porsche eller AMG", { tier: "exclusive", requiredMakes: [], preferredMakes: ["Porsche", "Mercedes-Benz"] }, { maxPrice: 900_000 }),

  // Hästar: animals or horsepower.
  row("Vi har två hästar och behöver dra transporten", { minPowerHp: undefined, "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("minst 200 hästar under huven", { minPowerHp: 200 }),
  row("150 hästar räcker gott", { minPowerHp: 150 }),
  row("hästtransport för 2 hästar", { minPowerHp: undefined, "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("tre hästar i stallet, kör till tävlingar varje helg", { minPowerHp: undefined }, { allow: ["minTowingKg"] }),
  row("runt 300 hästkrafter", { minPowerHp: 300 }),
  row("150hk minst", { minPowerHp: 150 }),
  row("dottern rider, vi drar hästsläp med en häst ibland, släpet väger 1600 kg lastat", { minTowingKg: 1600, minPowerHp: undefined, trailerTotalKg: 1600 }),
  row("ska orka dra två hästar i backarna", { minPowerHp: undefined, "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("minst 190 hkr", { minPowerHp: 190 }),

  // Totals and units.
  row("släpvagn på 1,8 ton", { minTowingKg: 1800, trailerTotalKg: 1800 }),
  row("ska kunna dra 1800 kilo", { minTowingKg: 1800 }),
  row("båttrailer ca 1 200 kg totalvikt", { minTowingKg: 1200, trailerTotalKg: 1200 }),
  row("husvagnen väger 1 350 kg", { minTowingKg: 1350, trailerTotalKg: 1350, assumedTowingKg: undefined }),
  row("Dragvikt minst 2000kg", { minTowingKg: 2000 }),
  row("drar en husvagn på 1,5 ton", { minTowingKg: 1500, trailerTotalKg: 1500, assumedTowingKg: undefined }),
  row("Dragkrok till cykelhållaren", { minTowingKg: undefined }),
  // Corrected after the baseline: a towbar that is a must asks for a car approved for towing at
  // all, which the reading writes as the light trailer's 750 kg and shows as "Dragkrok".
  row("dragkrok är ett måste", { minTowingKg: 750 }),
  row("vi har en husvagn", { minTowingKg: undefined, assumedTowingKg: true }),
  row("dra en liten släpkärra till tippen", { minTowingKg: undefined, "wish:towing": true }),
  row("dragvikt 2,5 ton", { minTowingKg: 2500 }),
  row("hästsläpet med häst väger totalt 2 000 kg", { minTowingKg: 2000, trailerTotalKg: 2000, minPowerHp: undefined }),
  row("Dragkrok för husvagn, 1500kg", { minTowingKg: 1500, assumedTowingKg: undefined }),
  row("behöver dra en husbåt", { "wish:towing": true }, { allow: ["minTowingKg"] }),
  row("kunna dra 750 kg obromsat", { "wish:towing": true }, { allow: ["minTowingKg"] }),

  // Winter: living in it, driving in it, or parked away from it.
  row("bilen står i garage på vintern, körs bara på sommaren", { winterNeeds: false }),
  row("den ska vara vinteruppställd", { winterNeeds: false }),
  row("måste klara snö och is", { winterNeeds: true }),
  row("kör mycket på vinterväglag", { winterNeeds: true }),
  row("bor i Kiruna", { northern: true, winterNeeds: true }),
  row("vintern är lång här uppe i Luleå", { northern: true, winterNeeds: true }),
  row("varm bil på vintern vore skönt", { "wish:comfort": true }),
  row("sommarbil, ska inte köras på vintern", { winterNeeds: false }),
  row("Ska ha sommardäck bara, bilen vilar i vinter", { winterNeeds: false }),
  row("kall start i minus 30 grader", { winterNeeds: true }),
  row("oplogade vägar till stugan vintertid", { winterNeeds: true }),
  row("åker skidor i Sälen varje vinter", { winterNeeds: true, northern: false }),
  row("bor i Göteborg men åker upp till Hemavan på vintern", { winterNeeds: true, northern: false }),
  row("vintervägar varje dag till jobbet", { winterNeeds: true }),
  row("vintergarage finns, så ingen vinterkörning", { winterNeeds: false }),

  // Visiting or living somewhere.
  row("min mamma bor i Umeå, åker dit några gånger om året", { northern: false }),
  row("bor i Östersund", { northern: true }),
  row("flyttar till Skellefteå i höst", { northern: true }),
  row("jobbar i Gällivare och bor där", { northern: true }),
  row("sommarstuga i Jämtland", { northern: false }),
  row("semester i Norrland varje sommar", { northern: false }),
  row("bor mitt i Stockholm", { area: "storstad", northern: false }),
  row("bor på landet utanför Sundsvall", { northern: true, area: "landsbygd" }),
  row("pendlar från Uppsala till Stockholm", { northern: false }, { allow: [] }),
  row("vi besöker släkten i Haparanda varje jul", { northern: false, winterNeeds: true }),
  row("bor i Malmö, åker till fjällen ibland", { northern: false }),
  row("jag bor på landsbygden i Småland", { area: "landsbygd", northern: false }),

  // Permission is not a demand.
  row("Bensin eller diesel går bra", { allowedFuels: [], excludedFuels: [] }),
  row("automat går bra men manuell funkar också", { gearbox: undefined }),
  row("elbil går också bra", { allowedFuels: [] }),
  row("en Volvo går bra", { requiredMakes: [] }),
  row("kombi går bra, suv också", { bodyTypes: [] }),
  row("diesel funkar", { allowedFuels: [] }),
  row("spelar ingen roll om det är bensin eller diesel", { allowedFuels: [], excludedFuels: [] }),
  row("kan tänka mig en laddhybrid", { allowedFuels: [] }),
  row("manuell är ok", { gearbox: undefined }),
  row("äldre bil går bra, 2012 eller så", { minModelYear: undefined }),
  row("hybrid är inget krav", { allowedFuels: [] }),
  row("Tysk bil är okej", { requiredMakes: [] }),
  row("fyrhjulsdrift är inget måste", { awd: false }),
  row("7 sitsar vore bonus men inget krav", { minSeats: undefined }),
  row("automat vore trevligt", { gearbox: undefined, preferredGearbox: "automat" }),

  // Demands and refusals.
  row("Måste vara automat", { gearbox: "automat" }),
  row("inte diesel", { excludedFuels: ["diesel"], allowedFuels: [] }),
  row("ingen elbil", { excludedFuels: ["el"] }),
  row("vill inte ha BMW", { excludedMakes: ["BMW"] }),
  row("helst inte Tesla", { excludedMakes: [], avoidedMakes: ["Tesla"] }),
  row("inget tyskt märke", { excludedMakes: ["Audi", "BMW", "Mercedes-Benz", "Opel", "Porsche", "Smart", "Volkswagen"] }),
  row("ej manuell", { gearbox: "automat" }),
  row("bara elbil", { allowedFuels: ["el"] }),
  row("måste ha fyrhjulsdrift", { awd: true }),
  row("4wd ett krav", { awd: true }),
  row("Fyrhjulsdriven pga backen upp till huset", { awd: true }),
  row("4x4 nödvändigt", { awd: true }),
  row("helst ingen diesel", { excludedFuels: [], avoidedFuels: ["diesel"] }),

  // Ages: the driver's, the car's, the kids'.
  row("19 år gammal, första bilen", { driverAge: 19 }),
  row("jag är 67 och pensionär", { driverAge: 67 }),
  row("min son är 18 och ska köra den", { driverAge: 18 }),
  row("bilen max 5 år gammal", { minModelYear: 2021, driverAge: undefined }),
  row("bilen får gärna vara 10 år", { minModelYear: undefined, driverAge: undefined }),
  row("två barn, 3 och 7 år", { driverAge: undefined, kids: true }),
  row("nyare än 2018", { minModelYear: 2019 }),
  row("inte äldre än 2015", { minModelYear: 2015 }),
  row("helst inte äldre än 2017", { minModelYear: undefined, preferredMinModelYear: 2017 }),
  row("Jag är 22 år, bor i stan", { driverAge: 22 }),

  // Economy, cost, price.
  row("billig i drift", { "wish:economy": true, "wish:cheapToBuy": false }),
  row("billig att köpa", { "wish:cheapToBuy": true }),
  row("snål på bränslet", { "wish:economy": true }),
  row("drar lite bensin", { "wish:economy": true, allowedFuels: [] }),
  row("låg skatt och billig försäkring", { "wish:economy": true, "wish:lowInsurance": true }),
  row("billi å äga", { "wish:economy": true }),
  row("får inte dra för mkt", { "wish:economy": true }),
  row("inte för dyr i drift", { "wish:economy": true }),
  row("inte för törstig, kör mest landsväg", { "wish:economy": true }),
  row("dyr i drift spelar ingen roll", { "wish:economy": false }),

  // Seats, kids and family.
  row("familj med tre barn", { kids: true }, { allow: ["minSeats"] }),
  row("7 platser", { minSeats: 7 }),
  row("sjusitsig", { minSeats: 7 }),
  row("behöver plats för 5", { minSeats: 5 }),
  row("barnvagn i bakluckan", { "wish:space": true, kids: true }),
  row("vi väntar vårt första barn", { kids: true, minSeats: undefined }),
  row("tre bilbarnstolar i baksätet", { kids: true }, { allow: ["minSeats"] }),
  row("familjebil för 2 vuxna och 2 barn", { kids: true }, { allow: ["minSeats"] }),
  row("vuxna i tredje raden", { adultThirdRow: true, minSeats: 7 }),
  row("bara jag och hunden", { minSeats: undefined, kids: undefined }),

  // Range.
  row("räckvidd minst 40 mil", { minRangeKm: 400 }),
  row("400 km räckvidd", { minRangeKm: 400 }),
  row("minst 30 mil på en laddning även på vintern", { minRangeKm: 300, winterNeeds: true }),
  row("kör 40 mil om dagen", { minRangeKm: undefined }, { allow: ["minRangeKm"] }),
  row("räckvidden spelar mindre roll, kör bara i stan", { minRangeKm: undefined, "wish:cityFriendly": true }),

  // Mileage per year and odometer.
  row("kör 2000 mil om året", { milPerYear: 2000 }),
  row("kör ca 1000 mil/år", { milPerYear: 1000 }),
  row("max 15000 mil på mätaren", { maxOdometerMil: 15000, milPerYear: undefined }),
  row("under 10 000 mil gått", { maxOdometerMil: 10000 }),
  row("helst under 12000 mil", { maxOdometerMil: undefined, preferredMaxOdometerMil: 12000 }),
  row("kör 3 mil till jobbet varje dag", { maxOdometerMil: undefined }),

  // Company car, charging, drive, tier.
  row("blir förmånsbil via jobbet", { companyCar: true }),
  row("tjänstebil, så förmånsvärdet ska vara lågt", { companyCar: true }),
  row("privat köp, inte tjänstebil", { companyCar: false }),
  row("har laddbox hemma", { homeCharging: true }),
  row("bor i lägenhet utan laddplats", { homeCharging: false }),
  row("kan ladda på jobbet men inte hemma", { homeCharging: false }),
  row("egen villa med laddbox", { homeCharging: true }),
  row("framhjulsdrift räcker", { drive: "fwd", awd: false }),
  row("helst bakhjulsdrift", { drive: "rwd", awd: false }),
  row("fyrhjulsdrift gärna", { awd: false, "wish:awd": true }),
  row("lyxig bil", { tier: "premium" }),
  row("något exklusivt", { tier: "exclusive" }),
  row("premiumkänsla men inte för dyr", { tier: "premium" }),

  // Phone typing and typos.
  row("dragkrock 1600kg", { minTowingKg: 1600 }),
  row("disel eller bensin", { allowedFuels: ["diesel", "bensin"] }),
  row("automatlåda tack", { gearbox: "automat" }),
  row("famijebil med mycke plats", { "wish:space": true }),
  row("fyrhjulsdrivning", { awd: true }),
  row("snål o säker", { "wish:economy": true, "wish:safety": true }),
  row("bilen ska va pålitlig", { "wish:reliability": true }),
  row("högt insteg pga dåliga knän", { "wish:highSeating": true }),
  row("lätt att parkera i stan", { "wish:cityFriendly": true }),
  row("rolig att köra", { "wish:sporty": true }),

  // Bodies and words that only look like them.
  row("kombi", { bodyTypes: ["kombi"] }),
  row("Måste vara SUV", { bodyTypes: ["suv"] }),
  row("gärna kombi", { bodyTypes: [], preferredBodyTypes: ["kombi"] }),
  row("inte en stor suv", { bodyTypes: [] }),
  row("sedan eller kombi", { bodyTypes: ["sedan", "kombi"] }),

  // Nonsense and empty-ish.
  row("asdf jklö qwerty", { nonsense: true }),
  row("vet inte riktigt, en bra bil", { nonsense: false }),
];
