import { env } from "cloudflare:workers";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { CarDetails } from "#app/components/car-details";
import { loader as homeLoader } from "#app/routes/home";
import { loader as imageLoader } from "#app/routes/image-proxy";
import { loader as recommendationLoader } from "#app/routes/recommendation";
import { InvalidEnvironmentError, marketplaceSourceOf, parseAppEnv } from "#app/server/env.server";
import type { FullCar, RecommendationView } from "#app/server/recommendations/recommendation-view.server";
import { servicesFor } from "#app/server/services.server";
import { baseServices, createThroughJob } from "#test/setup/job-harness";
import { run, signIn } from "#test/setup/route-harness";

/**
 * MARKETPLACE_SOURCE=off, the switch production runs on until Blocket has given written
 * permission: no request reaches Blocket (search, variant tree or image), every card says plainly
 * that ads are not checked, and the final score is the car's own rating. The demo ads of "local"
 * are refused in production. The same create with "blocket" does reach the fake, so the checks
 * below can fail.
 */

declare module "vitest" {
  export interface ProvidedContext {
    fakeBlocketUrl: string;
  }
}

const fakeUrl = inject("fakeBlocketUrl");

const INPUT = { description: "Familjebil med dragkrok för hund och långresor", maxPrice: "250 000", carType: "alla", sellerType: "alla" };

/** The deployment's env with the marketplace vars changed; Blocket (if asked) is the fake. */
function envWith(vars: Record<string, string>): Env {
  const key = `switch-${crypto.randomUUID()}`;
  return Object.assign(Object.create(null), env, { BLOCKET_BASE_URL: `${fakeUrl}/__mode/ok/${key}`, BLOCKET_ALLOW_LOOPBACK: "true", ...vars });
}

/** Every URL the isolate fetched while `work` ran (the job's alarm runs in this isolate too). */
async function fetchedDuring(work: () => Promise<void>): Promise<string[]> {
  const spy = vi.spyOn(globalThis, "fetch");
  try {
    await work();
    return spy.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
  } finally {
    spy.mockRestore();
  }
}

const toBlocket = (url: string) => url.startsWith(fakeUrl) || /blocket(cdn)?\.se/.test(url);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MARKETPLACE_SOURCE=off", () => {
  it("creates without one request to Blocket, and the page says ads are not checked and scores the car alone", async () => {
    const off = servicesFor(envWith({ MARKETPLACE_SOURCE: "off" }));
    expect(off.marketplace.source).toBe("off");
    const session = await signIn("switch-off@example.se");
    let id = "";
    const fetched = await fetchedDuring(async () => {
      const result = await createThroughJob(session.userId, INPUT, { start: off });
      expect(result.status).toBe("created");
      if (result.status === "created") id = result.id;
    });
    expect(fetched.filter(toBlocket)).toEqual([]);

    const response = await run(recommendationLoader, `/recommendations/${id}`, { cookie: session.cookie, params: { id }, services: off });
    expect(response.status).toBe(200);
    const loaded = (await response.json()) as { kind: string; view: RecommendationView };
    expect(loaded.kind).toBe("saved");
    expect(loaded.view.adsChecked).toBe(false);
    const first = loaded.view.cars[0] as FullCar;
    expect(first.kind).toBe("full");
    expect(first.availability.status).toBe("unchecked");
    // The car's own rating, no availability invented and none taken away.
    expect(first.score).toMatchObject({ adCount: null, availabilityChecked: false, finalScore: Math.round(first.ratings.overall * 10) / 10 });

    const text = renderToStaticMarkup(createElement(CarDetails, { car: first }))
      .replace(/<[^>]+>/gu, " ")
      .replace(/\s+/gu, " ");
    expect(text).toContain("Annonser kontrolleras inte just nu.");
    expect(text).toContain("räknas inte, eftersom annonser inte kontrolleras just nu");
    expect(text).not.toMatch(/Tillgången är okänd|0 poäng för tillgång|exempeldata|Exempelannonser|\b0 annonser\b/);
  });

  it("the same create with MARKETPLACE_SOURCE=blocket does ask Blocket (the check above can fail)", async () => {
    const on = servicesFor(envWith({ MARKETPLACE_SOURCE: "blocket" }));
    const session = await signIn("switch-on@example.se");
    const fetched = await fetchedDuring(async () => {
      expect((await createThroughJob(session.userId, INPUT, { start: on })).status).toBe("created");
    });
    expect(fetched.filter(toBlocket).length).toBeGreaterThan(0);
  });

  it("fetches no ad picture: the image proxy answers 404 without a request", async () => {
    const off = servicesFor(envWith({ MARKETPLACE_SOURCE: "off" }));
    const picture = `https://images.blocketcdn.se/dynamic/default/item/${Date.now()}/0b7d3c1e-1111-4a2b-9c3d-000000000001`;
    let status = 0;
    const fetched = await fetchedDuring(async () => {
      status = (await run(imageLoader, `/bild?url=${encodeURIComponent(picture)}`, { services: off })).status;
    });
    expect(status).toBe(404);
    expect(fetched).toEqual([]);
  });

  it("the landing page no longer promises the market in the score", async () => {
    const off = servicesFor(envWith({ MARKETPLACE_SOURCE: "off" }));
    const landing = async (services = off) => (await (await run(homeLoader, "/", { services })).json()) as { adsChecked: boolean };
    expect((await landing()).adsChecked).toBe(false);
    expect((await landing(baseServices())).adsChecked).toBe(true);
  });
});

describe("the demo ads in production", () => {
  it("are refused by the env schema, by name", () => {
    const production = { ...env, APP_ENV: "production", MARKETPLACE_SOURCE: "local" };
    expect(() => parseAppEnv(production)).toThrow(InvalidEnvironmentError);
    expect(() => parseAppEnv(production)).toThrow(/MARKETPLACE_SOURCE: the demo ads of "local" never run in production/);
    // The refusal is for "local" alone: the other two values parse in production.
    for (const source of ["off", "blocket"]) expect(parseAppEnv({ ...production, MARKETPLACE_SOURCE: source }).MARKETPLACE_SOURCE).toBe(source);
  });

  it("are not what an unset source means in production: that is off", () => {
    expect(marketplaceSourceOf(parseAppEnv({ APP_ENV: "production" }))).toBe("off");
    expect(marketplaceSourceOf(parseAppEnv({ APP_ENV: "production", MARKETPLACE_SOURCE: "" }))).toBe("off");
    expect(marketplaceSourceOf(parseAppEnv({ APP_ENV: "development" }))).toBe("local");
  });
});
