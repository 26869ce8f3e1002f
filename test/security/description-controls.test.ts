import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as createAction } from "#app/routes/recommendations-create";
import { action as previewAction } from "#app/routes/recommendations-reading-preview";
import { run, signIn } from "#test/setup/route-harness";

/**
 * The routes that accept a description run it through the shared schema's cleaning (the property
 * itself is tested in test/unit/description-text.test.ts): what is saved, and what the live reading
 * reads, holds no control or bidirectional character.
 */

const CLEAN = "Kombi med dragkrok för pendling och hund, gärna fyrhjulsdrift";
// An override that would show "hund" reversed, isolates, marks, a NUL and a C1 control.
const HOSTILE = "\u2066Kombi med dragkrok\u2069 för \u202epen\u202cdling och \u200fhund,\u0000 gärna\u0085 fyrhjulsdrift\u200e";
const FIELDS = { maxPrice: "250000", carType: "kombi", sellerType: "alla" };

describe("control and bidirectional characters in a posted description", () => {
  it("the create form saves the description without them", async () => {
    const buyer = await signIn(`styrtecken-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const response = await run(createAction, "/recommendations/create", { method: "POST", cookie: buyer.cookie, fields: { ...FIELDS, description: HOSTILE } });
    expect(response.status).toBe(302);
    const id = (response.headers.get("Location") ?? "").split("/").at(-1);
    const row = await env.DB.prepare("select input from recommendation_jobs where id = ? and user_id = ?").bind(id, buyer.userId).first<{ input: string }>();
    expect((JSON.parse(row?.input ?? "{}") as { description?: string }).description).toBe(CLEAN);
  });

  it("the live reading reads the cleaned text: the same answer as for the text without them", async () => {
    const buyer = await signIn(`styrtecken-tolkning-${crypto.randomUUID().slice(0, 8)}@example.se`);
    const preview = async (description: string) =>
      (await run(previewAction, "/recommendations/tolkning", { method: "POST", cookie: buyer.cookie, fields: { ...FIELDS, description } })).json();
    expect(await preview(HOSTILE)).toEqual(await preview(CLEAN));
    const onlyControls = await run(previewAction, "/recommendations/tolkning", {
      method: "POST",
      cookie: buyer.cookie,
      fields: { ...FIELDS, description: "\u202e\u2066\u0007" },
    });
    expect(onlyControls.status).toBe(400);
  });
});
