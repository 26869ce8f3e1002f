import { describe, expect, it } from "vitest";
import { getRecommendationForUser } from "#app/server/db/recommendations.server";
import { toRecommendationView } from "#app/server/recommendations/recommendation-view.server";
import { readingPreview } from "#app/server/recommendations/reading-preview.server";
import { baseServices, createThroughJob } from "#test/setup/job-harness";

/**
 * Through the create as it ships: a family that named neither safety nor space sees both as our
 * assumption, on the saved reading and the live preview, and no card calls them the buyer's wishes.
 */

const FAMILY = "Vi är en familj med två barn och en hund. Gärna snål.";
const fields = (description: string) => ({ description, maxPrice: "250 000", carType: "alla", sellerType: "alla" });

describe("said apart from inferred, through the create", () => {
  it("shows a family's unstated safety and space as 'vi antog', and no card calls them 'dina önskemål'", async () => {
    const userId = "user_said_or_assumed";
    const outcome = await createThroughJob(userId, fields(FAMILY));
    expect(outcome.status).toBe("created");
    if (outcome.status !== "created") return;
    const services = baseServices();
    const saved = await getRecommendationForUser(userId, outcome.id, services.db, services.results);
    if (!saved) throw new Error("not saved");

    const understood = toRecommendationView(saved).understood;
    expect(understood?.wishes.join(" ")).not.toMatch(/säkerhet|gott om plats/u);
    expect(understood?.wishes).toContain("Gärna: låg förbrukning");
    expect(understood?.assumedWishes.join(" ")).toMatch(/Säkerhet och gott om plats – vi antog det för "familj"/u);

    const texts = saved.recommendation.cars.flatMap((car) => [car.whyItFits, car.deepDiveAnalysis, ...car.pros, ...car.cons].filter(Boolean));
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.join(" ")).not.toMatch(/(dina|ditt) önskemål om[^.]*(säkerhet|utrymme)/u);
    // Still weighed: the ranking uses what we assumed.
    expect(saved.requirements?.wishes).toMatchObject({ safety: 0.6, space: 0.6 });
  });

  it("the live preview marks the same wishes 'vi antog' and notes the dog", () => {
    const preview = readingPreview({ description: FAMILY, maxPrice: 250_000, carType: "alla", sellerType: "alla" }, baseServices().advice);
    expect(preview.rows.filter((row) => row.field === "wish.safety" || row.field === "wish.space").map((row) => row.status)).toEqual(["assumed", "assumed"]);
    expect(preview.rows.find((row) => row.field === "wish.economy")?.status).toBe("said");
    // The dog's space is an assumption, shown as ours above: the note does not call it a stated wish.
    expect(preview.noted).toContainEqual(expect.objectContaining({ text: "hund", steers: false }));
  });
});
