import { describe, expect, it } from "vitest";
import { readWish as read } from "#test/advice/read-wish";

/**
 * A hard reading needs evidence of an order (decision 022); the form of an attitude is evidence against it. Pinned with
 * wordings of our own: a vague alternative ("eller nåt"), the thing as the subject of a verb of seeming, a verb of longing.
 */

describe("an attitude leans", () => {
  it.each([
    ["suv eller nåt", "suv"],
    ["en kombi eller liknande", "kombi"],
    ["kombi känns rätt för oss", "kombi"],
    ["en suv låter vettigt", "suv"],
    ["kombi verkar smartast", "kombi"],
    ["sneglar på en kombi", "kombi"],
    ["siktar på en suv", "suv"],
  ])("%s prefers the body, requires none", (wish, body) => {
    const reading = read(wish);
    expect(reading.hard.bodyTypes).toEqual([]);
    expect(reading.preferredBodyTypes).toContain(body);
  });

  it.each([
    ["drömmer om en porsche", "Porsche"],
    ["hoppas på en volvo", "Volvo"],
  ])("%s prefers the make, requires none", (wish, make) => {
    const reading = read(wish);
    expect(reading.hard.requiredMakes).toEqual([]);
    expect(reading.preferredMakes).toContain(make);
  });

  it.each([
    ["suv eller pickup", ["suv", "pickup"]],
    ["kombi, automat", ["kombi"]],
    ["måste vara kombi, känns tryggast", ["kombi"]],
  ])("an order or a bare list stays hard: %s", (wish, bodies) => {
    expect(read(wish).hard.bodyTypes).toEqual(bodies);
  });
});
