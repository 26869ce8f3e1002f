import { describe, expect, it } from "vitest";
import { unknownAvailabilityText } from "#app/lib/availability-text";
import { StoredAvailabilitySchema } from "#app/lib/saved-recommendation";

const adsUrl = "https://www.blocket.se/mobility/search/car?q=volvo";

describe("unknown availability: codes in data, Swedish words at render time", () => {
  it("says why from the reason code", () => {
    expect(unknownAvailabilityText({ reason: "timeout" })).toBe("Blocket svarade inte i tid, så vi vet inte hur många annonser som finns just nu.");
    expect(unknownAvailabilityText({ reason: "invalid-response" })).toMatch(/^Blocket gav ett svar vi inte kunde läsa/);
  });

  it("tells our own waits and limits apart from Blocket's", () => {
    expect(unknownAvailabilityText({ reason: "timeout", detail: "queued" })).toMatch(/^Vi hann inte fråga Blocket/);
    expect(unknownAvailabilityText({ reason: "rate-limited", detail: "lookup-limit" })).toMatch(/^Du har gjort många annonssökningar/);
    expect(unknownAvailabilityText({ reason: "rate-limited" })).toMatch(/^Blocket är hårt belastat/);
  });

  it("a row saved before the codes still parses and shows its own words", () => {
    const old = StoredAvailabilitySchema.parse({ status: "unknown", reason: "timeout", adsUrl, message: "Blocket svarade inte i tid (gammal rad)." });
    if (old.status !== "unknown") throw new Error("expected an unknown availability");
    expect(unknownAvailabilityText(old)).toBe("Blocket svarade inte i tid (gammal rad).");
  });

  it("a new row carries no words, and an unknown code falls back to the general sentence", () => {
    const fresh = StoredAvailabilitySchema.parse({ status: "unknown", reason: "network", detail: "queued", adsUrl });
    expect(fresh).not.toHaveProperty("message");
    expect(unknownAvailabilityText({ reason: "something-new" })).toBe("Vi kunde inte kontrollera utbudet på Blocket just nu.");
  });
});
