import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/** The buyer's own company car is context when this car is set apart; a mild home needs no winter. Wordings of our own. */
describe("a company car the buyer has or had, with this car set apart, is no company car", () => {
  it.each([
    "har förmånsbil via jobbet så det här blir en begagnad till frugan",
    "kört firmabil i 30 år, nu köper jag för egna pengar",
    "jag har tjänstebil men behöver en bil till sonen",
    "hade tjänstebil tidigare och nu blir det privat",
  ])("%s", (wish) => {
    expect(read(wish).situation.companyCar).toBe(false);
  });

  it.each(["ska köpa en tjänstebil via jobbet, elbil", "har firmabil, vill ha en laddhybrid som förmånsbil nu", "förmånsbil, vill ha lågt förmånsvärde"])(
    "a company car asked for stays one: %s",
    (wish) => {
      expect(read(wish).situation.companyCar).toBe(true);
    },
  );
});

describe("a home where snow is scarce needs no winter", () => {
  it.each([
    "vi bor i Malmö o det snöar ju typ aldrig här",
    "knappt nån vinter i Malmö så fyrhjulsdrift behövs inte",
    "snö blir det nästan aldrig här hemma",
    "här i Ystad snöar det sällan",
  ])("%s", (wish) => {
    expect(read(wish).usage.winterNeeds).toBe(false);
  });

  it.each(["det snöar mycket här", "vi bor i Borås och har backig uppfart, is varje vinter"])("winter stays: %s", (wish) => {
    expect(read(wish).usage.winterNeeds).toBe(true);
  });
});
