import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * Classes of wording the reader must read by structure, each pinned with wording of our own (not a
 * corpus wish): whose car it is, who gives the advice, opinions and misgivings, examples named.
 */

describe("whose car it is", () => {
  it.each([
    ["svägerskan kör en skoda men kollegan har en kia, själv vill jag ha automat", "Kia"],
    ["frugan kör en mazda o ja vill ha nåt annat", "Mazda"],
    ["chefen kör en bmw x5, jag vill ha en kombi", "BMW"],
    ["grannens toyota har gått jättebra. söker en kombi", "Toyota"],
    ["hans gamla saab står i garaget, jag vill ha nåt litet", "Saab"],
    ["jobbar på volvo men vill ha en elbil", "Volvo"],
    ["laddar på jobbet på ford, söker en elbil", "Ford"],
  ])("someone else's car or the workplace is no make asked for: %s", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).not.toContain(make);
    expect(reading.hard.excludedMakes).not.toContain(make);
  });

  it("'det betyder inte att jag vill ha X' neither asks for nor refuses X", () => {
    const reading = read("jobbar på ett lager men det betyder inte att jag vill ha en skåpbil");
    expect(reading.hard.bodyTypes).toEqual([]);
  });
});

describe("advice from others", () => {
  it.each([
    ["morfar säger att jag ska köpa en mazda, jag vill ha nåt sportigt", "Mazda"],
    ["alla säger att vi ska ta en toyota men vi vet inte", "Toyota"],
    ["svärmor tycker vi ska köpa en volvo, själv vill jag ha automat", "Volvo"],
  ])("someone's advice names no make the buyer asks for: %s", (wish, make) => {
    expect(read(wish).hard.requiredMakes).not.toContain(make);
  });
});

describe("opinions, misgivings and examples", () => {
  it("an opinion is a leaning: 'bensin tror jag blir bäst'", () => {
    const reading = read("bensin tror jag blir bäst, men hybrid går också");
    expect(reading.hard.allowedFuels).toEqual([]);
    expect(reading.preferredFuels).toContain("bensin");
  });

  it("'jag tycker X är bra' prefers X and requires nothing", () => {
    const reading = read("jag tycker mazda är bra men jag vet inte");
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.preferredMakes).toContain("Mazda");
  });

  it("a misgiving after a fuel is a soft refusal: 'elbil känns osäkert'", () => {
    const reading = read("laddhybrid går bra, men ren elbil med släp känns lite osäkert");
    expect(reading.hard.allowedFuels).not.toContain("el");
    expect(reading.avoidedFuels).toContain("el");
  });

  it("'X går inte' and 'X går bort' refuse X", () => {
    expect(read("diesel går ju inte för vi bor i stan").hard.excludedFuels).toContain("diesel");
    expect(read("franska bilar går bort").hard.excludedMakes).toContain("Renault");
  });

  it("makes named as examples with a trailing 'typ' are preferred, not an allow-list", () => {
    const reading = read("nåt pålitligt, mazda eller honda typ");
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.preferredMakes).toEqual(expect.arrayContaining(["Mazda", "Honda"]));
  });

  it("a refusal carries across 'och' to the next thing of its kind", () => {
    const reading = read("trött på diesel och dieselpriserna men hybrid funkar");
    expect(reading.hard.allowedFuels).not.toContain("diesel");
  });
});

describe("figures about a car that exists", () => {
  it("the old car's model year and odometer are context", () => {
    const reading = read("vår gamla corolla från 2009 har gått 31 000 mil nu. vill ha en kombi");
    expect(reading.hard.minModelYear).toBeUndefined();
    expect(reading.hard.maxOdometerMil).toBeUndefined();
  });

  it("an odometer limit still holds: 'får inte ha gått mer än 15 000 mil'", () => {
    expect(read("får inte ha gått mer än 15 000 mil").hard.maxOdometerMil).toBe(15_000);
  });

  it("'efter 30 år på jobbet' is a span of life, not a model year", () => {
    expect(read("har precis gått i pension efter 30 år på posten").hard.minModelYear).toBeUndefined();
  });

  it("two seats ask for nothing, and room for cages is luggage, not seats", () => {
    expect(read("vi är två som ska åka").hard.minSeats).toBeUndefined();
    expect(read("måste ha plats för tre hundburar bak").hard.minSeats).toBeUndefined();
    expect(read("måste ha plats för sex personer").hard.minSeats).toBe(6);
  });

  it("a home left behind is not the buyer's climate", () => {
    expect(read("när jag bodde i kiruna hade jag fyrhjulsdrift, nu bor jag i malmö").usage.northern).toBe(false);
  });
});

describe("a clause that refers back", () => {
  it("'…, men det vill jag inte' refuses what the clause before named", () => {
    const reading = read("alla pratar om laddhybrid men det vill jag inte");
    expect(reading.hard.allowedFuels).not.toContain("laddhybrid");
    expect(reading.hard.excludedFuels).toContain("laddhybrid");
  });

  it("'…, det går inte utan' is a must, never a refusal", () => {
    expect(read("dragkrok, det går inte utan").hard.excludedFuels).toEqual([]);
    expect(read("sju platser, det går inte utan").hard.minSeats).toBe(7);
  });
});

describe("brand groups and their exceptions", () => {
  it.each([
    ["inga bilar från vw-gruppen", ["Volkswagen", "Audi", "Skoda", "Seat", "Cupra", "Porsche"]],
    ["Stellantis går bort", ["Peugeot", "Citroen", "Opel", "Fiat"]],
    ["inget från geely-koncernen", ["Volvo", "Polestar", "Lynk & Co"]],
    ["ingen hyundai-kia", ["Hyundai", "Kia"]],
    ["inga japaner tack", ["Toyota", "Mazda", "Honda"]],
  ])("a group refused as a whole excludes its makes: %s", (wish, makes) => {
    expect(read(wish).hard.excludedMakes).toEqual(expect.arrayContaining(makes));
  });

  it("a make named as acceptable is excepted from its refused group", () => {
    const reading = read("inget från VAG, men en Skoda går bra");
    expect(reading.hard.excludedMakes).toContain("Audi");
    expect(reading.hard.excludedMakes).not.toContain("Skoda");
  });

  it("'varken X eller Y' and 'X och Y nej' refuse both", () => {
    expect(read("varken kia eller mazda").hard.excludedMakes).toEqual(expect.arrayContaining(["Kia", "Mazda"]));
    expect(read("kombi gärna. opel och fiat nej").hard.excludedMakes).toEqual(expect.arrayContaining(["Opel", "Fiat"]));
  });

  it("'Polestar ägs av Geely' names no group asked for", () => {
    expect(read("gärna polestar som ägs av geely").hard.requiredMakes).toEqual([]);
  });

  it("'ingen fossil bil' refuses petrol and diesel", () => {
    expect(read("ingen fossil bil, bara el").hard.excludedFuels).toEqual(expect.arrayContaining(["bensin", "diesel"]));
  });
});

describe("permissions, conditions and fallbacks", () => {
  it.each([
    ["inte omöjligt att det blir en laddhybrid, kombi måste det vara", "laddhybrid"],
    ["räckvidd minst 30 mil om det blir en elbil", "el"],
    ["i sämsta fall en dieselbil, men det får gå", "diesel"],
  ])("a permission or condition before a fuel asks for nothing: %s", (wish, fuel) => {
    expect(read(wish).hard.allowedFuels).not.toContain(fuel);
  });

  it("the permission covers only the first thing named after it", () => {
    const reading = read("inte omöjligt att det blir en diesel om den är billig i drift");
    expect(reading.hard.allowedFuels).toEqual([]);
    expect(reading.wishes.economy ?? 0).toBeGreaterThan(0);
  });

  it("a first choice and its fallback are leanings: 'el i första hand, annars laddhybrid'", () => {
    const reading = read("el i första hand, annars en laddhybrid");
    expect(reading.hard.allowedFuels).toEqual([]);
    expect(reading.preferredFuels).toEqual(expect.arrayContaining(["el", "laddhybrid"]));
  });

  it("'… eller el.' at a sentence's end is electric, not 'eller' abbreviated", () => {
    expect(read("måste vara bensin eller el. behöver dra en släpkärra").hard.allowedFuels).toEqual(expect.arrayContaining(["bensin", "el"]));
  });
});

describe("hedges at a clause's end, acceptance and dealbreakers", () => {
  it.each([
    ["automat om möjligt. max 150 000", "automat"],
    ["behöver nåt med automat helst", "automat"],
  ])("a hedge that closes the clause right after the thing is about it: %s", (wish, gearbox) => {
    const reading = read(wish);
    expect(reading.hard.gearbox).toBeUndefined();
    expect(reading.preferredGearbox).toBe(gearbox);
  });

  it.each(["manual e fine", "inte dealbreaker om den är manuell", "manuell är helt fine"])("a gearbox said to be fine asks for none: %s", (wish) => {
    expect(read(wish).hard.gearbox).toBeUndefined();
  });

  it("'dealbreaker om den inte är automat' is a must for an automatic", () => {
    expect(read("dealbreaker om den inte är automat").hard.gearbox).toBe("automat");
  });

  it("'en kombi med fyrhjulsdrift funkar också' allows the body, asks for none", () => {
    expect(read("en sedan vore kul men en kombi med fyrhjulsdrift funkar också").hard.bodyTypes).toEqual([]);
  });

  it("the second of two examples shares the first one's 'typ'", () => {
    expect(read("typ en mazda mx5 eller en bmw z4").hard.requiredMakes).toEqual([]);
  });

  it("someone else's seat wish and 'eller så får vi ha en sjusitsare' ask for no seats", () => {
    expect(read("min fru vill ha en sjusitsare men jag tycker det är för stort").hard.minSeats).toBeUndefined();
    expect(read("tre bilstolar bredvid varandra, eller så får vi ha en sjusitsare").hard.minSeats).toBeUndefined();
  });
});

describe("trips that were and company cars that are someone else's", () => {
  it("a past winter trip is no winter need of the buyer's", () => {
    expect(read("vi var i sälen på sportlovet och hyrde en suv. vi bor i lund").usage.winterNeeds).toBe(false);
  });

  it("someone else's company car and a used ex-company car are not a company car", () => {
    expect(read("sambon kör tjänstebil från jobbet, det här blir vår privata bil").situation?.companyCar).not.toBe(true);
    expect(read("kan tänka mig en begagnad förmånsbil från ett leasingbolag").situation?.companyCar).toBeUndefined();
    expect(read("ska bli förmånsbil via jobbet").situation?.companyCar).toBe(true);
  });
});

describe("children, sizes and range by structure", () => {
  it.each(["vi har två töser", "pågarna ska med på helgerna", "våra tre grabbar spelar hockey", "vi är en familj på fem", "need a family car"])(
    "children by any name: %s",
    (wish) => {
      expect(read(wish).situation?.kids).toBe(true);
    },
  );

  it.each([
    ["söker en liten halvkombi", ["mini", "small"]],
    ["den ska vara liten", ["mini", "small"]],
    ["behöver en stor kombi", ["large"]],
  ])("a size said of the car is its size: %s", (wish, sizes) => {
    expect(read(wish).hard.sizes).toEqual(sizes);
  });

  it("a size said of something else is not the car's: 'en liten båt på släp'", () => {
    expect(read("vi har en liten båt på släp, söker en kombi").hard.sizes).toEqual([]);
  });

  it("'inte en stor suv' leans small and filters nothing; 'inte för stor' is a limit", () => {
    expect(read("inte en stor suv").hard.sizes).toEqual([]);
    expect(read("inte för stor bil").hard.sizes).not.toContain("large");
  });

  it("in an electric wish, a bare minimum distance is the range, spelt any way", () => {
    expect(read("elbil me bra räkvid, minst 30 mil").hard.minRangeKm).toBe(300);
    expect(read("elbil, minst 35 mil").hard.minRangeKm).toBe(350);
    expect(read("elbil, minst 450 km wltp").hard.minRangeKm).toBeUndefined();
  });
});

describe("a refused word that is itself the wish", () => {
  it.each([
    ["int e för dyr, helst kombi", "cheapToBuy"],
    ["får inte kosta skjortan", "cheapToBuy"],
    ["inget krångel tack, kombi", "reliability"],
    ["nåt som inte e så törstigt", "economy"],
  ] as const)("%s", (wish, key) => {
    expect(read(wish).wishes[key] ?? 0).toBeGreaterThan(0);
  });

  it("unrefused, the same words ask for nothing: 'försäkringen blir dyr'", () => {
    expect(read("vet att försäkringen blir dyr").wishes.cheapToBuy ?? 0).toBe(0);
  });
});
