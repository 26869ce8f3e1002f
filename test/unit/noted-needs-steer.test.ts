import { describe, expect, it } from "vitest";
import { prepareAdvice } from "#app/server/advice/advise.server";
import { type Candidate, pickDiverse } from "#app/server/advice/candidates.server";
import { DEFAULT_COST_ASSUMPTIONS } from "#app/server/cars/ownership-cost.server";
import { threeAcross } from "#app/server/cars/rear-seats.server";
import { winterRangeKm } from "#app/server/cars/winter-range.server";

// A need the reader understood must move the first three, judged by the generation's own facts.

function prepared(description: string, maxPrice: number) {
  const result = prepareAdvice({ description, maxPrice, carType: "alla", sellerType: "alla" }, 10, { assumptions: DEFAULT_COST_ASSUMPTIONS });
  if (result.status !== "ready") throw new Error(`${result.status}: ${result.message}`);
  return result.prepared;
}
const firstThree = (candidates: readonly Candidate[]) => pickDiverse(candidates, 10).slice(0, 3);
const ids = (cars: readonly Candidate[]) => cars.map((car) => car.variant.id).join(", ");

describe("needs the reader noted steer the first three", () => {
  it("three child seats across: three separate rear seats, a bench known to take them, or a third row", () => {
    const fits = (car: Candidate) => threeAcross(car.variant) !== null || car.variant.seats > 5;
    const mpv = firstThree(
      prepared(
        "vi e 2 vuxna o 3 barn, behöver få in tre bilbarnstolar bredvid varandra i baksätet. vill ha stort bagage för barnvagn. budget typ 120k",
        120_000,
      ).candidates,
    );
    expect(
      mpv.some((car) => threeAcross(car.variant) === "seats"),
      ids(mpv),
    ).toBe(true);
    const estate = firstThree(
      prepared("vi har 3 barn och behöver få in tre bilbarnstolar bredvid varandra i baksätet. en kombi, max 150 000", 150_000).candidates,
    );
    expect(
      estate.filter((car) => !fits(car)).map((car) => car.variant.id),
      ids(estate),
    ).toEqual([]);
  });

  it("a full-time ride-hailing driver gets hybrids, and no elbil that needs a charge in every winter shift", () => {
    const advice = prepared(
      "kör bolt heltid i göteborg, ca 6000 mil om året. vill ha nåt snålt o tåligt, gärna hybrid, bekvämt baksäte för kunderna. max 170000",
      170_000,
    );
    const first = firstThree(advice.candidates);
    const dayKm = (advice.requirements.usage.milPerYear * 10) / 250;
    const shortOfShift = first.filter((car) => car.variant.fuel === "el" && (winterRangeKm(car.variant, advice.requirements.usage) ?? 0) < dayKm * 1.2);
    expect(
      shortOfShift.map((car) => car.variant.id),
      ids(first),
    ).toEqual([]);
    expect(first.filter((car) => car.variant.fuel === "elhybrid").length, ids(first)).toBeGreaterThanOrEqual(2);
  });
});
