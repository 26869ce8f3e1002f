import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { CREATE_PATH, DESCRIPTION_MAX, WISH_PARAM, wishFromParam } from "#app/lib/search-form";
import { action as homeAction } from "#app/routes/home";
import { loader as createLoader } from "#app/routes/recommendations-create";
import { action as loginAction, loader as loginLoader } from "#app/routes/login";
import { run, type Session, signIn } from "#test/setup/route-harness";

/**
 * The landing page's wish (and "Försök igen" after a failed recommendation) travels by a form POST
 * into a short-lived HttpOnly cookie, which the create form reads once and clears: it is never in a
 * URL (a GET URL lands in the browser's history, server and proxy logs; the local Workers log
 * recorded it). Whatever arrives is cleaned, capped and only handed back as a form value.
 */

let buyer: Session;
beforeAll(async () => {
  buyer = await signIn("onskemal@example.se");
});

const WISH = "Kombi med dragkrok för pendling & <hund>, högst 250 000 kr";

const cookiePair = (setCookie: string) => setCookie.split(";")[0] ?? "";
const wishCookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => /onskemal=/.test(cookie)) ?? "";
const joinCookies = (...pairs: string[]) => pairs.filter(Boolean).join("; ");

function expectNoWishIn(location: string, wish = WISH) {
  expect(location).not.toContain(encodeURIComponent(wish));
  expect(location).not.toContain(new URLSearchParams({ x: wish }).toString().slice(2));
  expect(new URL(location, "http://drombil.invalid").searchParams.has(WISH_PARAM)).toBe(false);
}

async function prefilled(cookie: string) {
  const form = await run(createLoader, CREATE_PATH, { cookie });
  expect(form.status).toBe(200);
  return { wish: ((await form.json()) as { wish: string }).wish, cleared: wishCookieOf(form) };
}

describe("the landing page's wish, carried through sign-in without a URL", () => {
  it("signed out: the POST sets an HttpOnly, SameSite=Lax cookie and sends the visitor to sign in, with no wish in any URL", async () => {
    const posted = await run(homeAction, "/?index", { method: "POST", fields: { [WISH_PARAM]: WISH } });
    expect(posted.status).toBe(302);
    const location = posted.headers.get("Location") ?? "";
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent(CREATE_PATH)}`);
    expectNoWishIn(location);
    const cookie = wishCookieOf(posted);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toContain("pendling");

    // The sign-in page and the sign-in itself only ever name the create path.
    const page = (await (await run(loginLoader, location)).json()) as { redirectTo: string };
    expect(page.redirectTo).toBe(CREATE_PATH);
    const signedIn = await run(loginAction, "/login", { method: "POST", fields: { email: "onskemal-ny@example.se", redirectTo: page.redirectTo } });
    expect(signedIn.headers.get("Location")).toBe(CREATE_PATH);

    // The create form prefills it once and clears the cookie.
    const form = await prefilled(joinCookies(cookiePair(signedIn.headers.get("Set-Cookie") ?? ""), cookiePair(cookie)));
    expect(form.wish).toBe(WISH);
    expect(form.cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("signed in (and 'Försök igen' after a failed recommendation): the POST goes straight to the create form, the wish in the cookie only", async () => {
    const posted = await run(homeAction, "/?index", { method: "POST", cookie: buyer.cookie, fields: { [WISH_PARAM]: WISH } });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(CREATE_PATH);
    const form = await prefilled(joinCookies(buyer.cookie, cookiePair(wishCookieOf(posted))));
    expect(form.wish).toBe(WISH);
  });

  it("with JavaScript (the sign-in dialog): the form stores the wish without navigating, then signing in lands on the create path", async () => {
    const stored = await run(homeAction, "/?index", { method: "POST", fields: { [WISH_PARAM]: WISH, intent: "spara" } });
    expect(stored.status).toBe(200);
    expect(stored.headers.get("Location")).toBeNull();
    expect((await prefilled(joinCookies(buyer.cookie, cookiePair(wishCookieOf(stored))))).wish).toBe(WISH);
  });

  it("a wish in an old-style URL is ignored: nothing is prefilled from a query, nor carried on by /login", async () => {
    const form = await run(createLoader, `${CREATE_PATH}?${WISH_PARAM}=${encodeURIComponent(WISH)}`, { cookie: buyer.cookie });
    expect(((await form.json()) as { wish: string }).wish).toBe("");
    const page = (await (await run(loginLoader, `/login?redirectTo=${encodeURIComponent(CREATE_PATH)}&${WISH_PARAM}=${encodeURIComponent(WISH)}`)).json()) as {
      redirectTo: string;
    };
    expect(page.redirectTo).toBe(CREATE_PATH);
  });

  it("any text: never in the Location, the create form gets it cleaned and capped, no 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 3000 }), fc.string({ unit: "binary", maxLength: 300 }), fc.constant("å".repeat(10_000))),
        async (wish) => {
          const posted = await run(homeAction, "/?index", { method: "POST", cookie: buyer.cookie, fields: { [WISH_PARAM]: wish } });
          expect(posted.status).toBe(302);
          const location = posted.headers.get("Location") ?? "";
          expect(location).toBe(CREATE_PATH);
          const form = await prefilled(joinCookies(buyer.cookie, cookiePair(wishCookieOf(posted))));
          const expected = wishFromParam(wish);
          // A wish longer than a cookie holds (about 3 000 bytes of UTF-8) is cut at a character, never garbled.
          expect(expected.startsWith(form.wish)).toBe(true);
          expect(new TextEncoder().encode(form.wish).length).toBeGreaterThanOrEqual(Math.min(new TextEncoder().encode(expected).length, 2900));
          expect(Array.from(form.wish).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
          expect(form.wish).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
        },
      ),
      { numRuns: 40 },
    );
    // Forty requests with full-Unicode texts up to 3 000 characters: 1–2 s when quiet, over 5 s on a loaded 2-core machine.
  }, 20_000);
});
