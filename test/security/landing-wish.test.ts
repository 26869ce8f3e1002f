import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { CREATE_PATH, DESCRIPTION_MAX, WISH_PARAM, wishFromParam } from "#app/lib/search-form";
import { loader as createLoader } from "#app/routes/recommendations-create";
import { action as loginAction, loader as loginLoader } from "#app/routes/login";
import { run, type Session, signIn } from "#test/setup/route-harness";

/**
 * The landing page's wish travels as `?onskemal=` through /login's return path into the create
 * form (a GET form, so it works without JavaScript). Whatever arrives there is cleaned, capped and
 * only ever handed back as a form value; the return path stays on our own site.
 */

let buyer: Session;
beforeAll(async () => {
  buyer = await signIn("onskemal@example.se");
});

const WISH = "Kombi med dragkrok för pendling & <hund>, högst 250 000 kr";
const landingForm = (wish: string) => `/login?redirectTo=${encodeURIComponent(CREATE_PATH)}&${WISH_PARAM}=${encodeURIComponent(wish)}`;

function expectCreatePath(target: string) {
  const url = new URL(target, "http://drombil.invalid");
  expect(url.origin).toBe("http://drombil.invalid");
  expect(url.pathname).toBe(CREATE_PATH);
  return url;
}

describe("the landing page's wish, carried through sign-in", () => {
  it("signed out: /login hands the create path with the wish to the form and to Clerk's widget", async () => {
    const response = await run(loginLoader, landingForm(WISH));
    expect(response.status).toBe(200);
    const { redirectTo } = (await response.json()) as { redirectTo: string };
    expect(expectCreatePath(redirectTo).searchParams.get(WISH_PARAM)).toBe(WISH);
  });

  it("signing in with that return path lands on the create form with the wish, which the form prefills", async () => {
    const page = (await (await run(loginLoader, landingForm(WISH))).json()) as { redirectTo: string };
    const signedIn = await run(loginAction, "/login", { method: "POST", fields: { email: "onskemal-ny@example.se", redirectTo: page.redirectTo } });
    expect(signedIn.status).toBe(302);
    const location = signedIn.headers.get("Location") ?? "";
    expectCreatePath(location);
    const cookie = (signedIn.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const form = await run(createLoader, location, { cookie });
    expect(((await form.json()) as { wish: string }).wish).toBe(WISH);
  });

  it("already signed in: /login goes straight on to the create form with the wish", async () => {
    const response = await run(loginLoader, landingForm(WISH), { cookie: buyer.cookie });
    expect(response.status).toBe(302);
    expect(expectCreatePath(response.headers.get("Location") ?? "").searchParams.get(WISH_PARAM)).toBe(WISH);
  });

  it("the wish never moves the return path off the create form, and never onto another site", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/recommendations"]) {
      const response = await run(loginLoader, `/login?redirectTo=${encodeURIComponent(redirectTo)}&${WISH_PARAM}=hej`);
      const { redirectTo: target } = (await response.json()) as { redirectTo: string };
      expect(target.startsWith("/") && !target.startsWith("//")).toBe(true);
      expect(new URL(target, "http://drombil.invalid").searchParams.has(WISH_PARAM)).toBe(false);
    }
  });

  it("any text: the create form gets it cleaned and capped, no 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 3000 }), fc.string({ unit: "binary", maxLength: 300 }), fc.constant("x".repeat(10_000))),
        async (wish) => {
          const response = await run(createLoader, `${CREATE_PATH}?${WISH_PARAM}=${encodeURIComponent(wish)}`, { cookie: buyer.cookie });
          expect(response.status).toBe(200);
          const prefilled = ((await response.json()) as { wish: string }).wish;
          expect(prefilled).toBe(wishFromParam(wish));
          expect(Array.from(prefilled).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
          expect(prefilled).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
