import { describe, expect, it } from "vitest";
import { readWish as read, notedTexts as notes } from "#test/advice/read-wish";

/** Trailer totals, one's own firm, who rides along, long roads and hedged seat counts, pinned with wording of our own. */

describe("a trailer's total is the trailer and its load", () => {
  it.each([
    ["ska dra hästvagnen, vagnen väger 900 kg plus tre ponnyer á 350 kg", 1950],
    ["behöver dra släpet med två kor, släpet väger 800 kg tomt och korna runt 500 kg var", 1800],
    ["båten väger 1200 kg och trailern 300 till, den ska dras till sjön", 1500],
  ])("%s", (wish, total) => {
    const reading = read(wish);
    expect(reading.hard.minTowingKg).toBe(total);
    expect(reading.situation.trailerTotalKg).toBe(total);
  });

  it("two figures for one trailer are not added", () => {
    expect(read("ska dra husvagnen, den väger 1400 kg, så minst 1400 kg dragvikt").hard.minTowingKg).toBe(1400);
  });
});

describe("a firm of one's own", () => {
  // A car in a one-man firm (enskild firma) has no förmånsvärde: the owner is the firm. Only the words
  // of a benefit car, or a limited company's car, make the company-car tax apply.
  it.each([
    "jag har en liten elfirma och behöver en skåpbil",
    "driver ett eget åkeri",
    "bilen ska gå på min firma",
    "har enskild firma, bilen köps via firman",
    "egen firma som snickare, kör mycket",
  ])("%s is no company car", (wish) => {
    expect(read(wish).situation.companyCar).not.toBe(true);
  });

  it.each([
    "egen firma men bilen blir förmånsbil",
    "det ska gå på bolaget så förmånsvärdet spelar roll",
    "har eget AB och bilen går på bolaget",
    "tjänstebil via jobbet",
  ])("%s is a company car", (wish) => {
    expect(read(wish).situation.companyCar).toBe(true);
  });

  it("the buyer's own benefit car beside a private one: 'har tjänstebil i jobbet så det här blir privatbilen'", () => {
    expect(read("har tjänstebil i jobbet så det här blir privatbilen").situation.companyCar).not.toBe(true);
  });

  it("someone else's firm is not: 'firman har en servicebil men jag behöver nåt eget'", () => {
    expect(read("firman har en servicebil men jag behöver nåt eget privat").situation.companyCar).not.toBe(true);
  });
});

describe("who rides along", () => {
  it.each(["har en tjej på 11 som spelar hockey", "vi är en barnfamilj i Umeå"])("children: %s", (wish) => {
    expect(read(wish).situation.kids).toBe(true);
  });

  it("'bara ja o frugan' is a household without children", () => {
    expect(read("det e bara ja o frugan nu, vill ha nåt bekvämt").situation.kids).toBe(false);
  });

  it("teenagers in the third row need an adult's room", () => {
    const reading = read("sju platser, och tredje raden måste funka för våra tonåringar");
    expect(reading.hard.minSeats).toBe(7);
    expect(reading.hard.adultThirdRow).toBe(true);
  });
});

describe("long roads by name", () => {
  it.each(["kör E6an till Oslo flera gånger i månaden", "vi kör mest långt, sällan i stan"])("%s", (wish) => {
    expect(read(wish).wishes.longTrips ?? 0).toBeGreaterThan(0);
  });
});

describe("a hedged seat count is noted", () => {
  it("'7 platser vore ett plus'", () => {
    const reading = read("suv, 7 platser vore ett plus");
    expect(reading.hard.minSeats).toBeUndefined();
    expect(notes("suv, 7 platser vore ett plus")).toContain("Gärna: sju säten");
  });

  it("a plain seat count shows as the requirement, not as a note", () => {
    expect(notes("måste ha sju säten").some((text) => text.includes("sju säten"))).toBe(false);
  });
});
