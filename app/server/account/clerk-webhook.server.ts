import { verifyWebhook } from "@clerk/react-router/webhooks";
import { z } from "zod";
import type { AuthConfig } from "#app/server/auth/auth-config.server";
import { readCapped } from "#app/server/http/read-capped.server";
import type { Services } from "#app/server/services.server";
import { eraseAccountData } from "./erase-account.server";

// Served by the Worker entry before React Router: the Svix signature (Clerk's verifyWebhook: id, timestamp within five
// minutes, HMAC over the raw body) is the only authentication. A non-2xx makes Svix retry, so a D1 failure is a 503.

export const CLERK_WEBHOOK_PATH = "/webhooks/clerk";

/** Clerk's events are a few kilobytes; anything far larger is not from Clerk. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

const DeletedUserSchema = z.object({ id: z.string().regex(/^user_[A-Za-z0-9]{1,64}$/) });

function answer(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

export async function handleClerkWebhook(request: Request, config: AuthConfig, store: Pick<Services, "db" | "results" | "creationJobs">): Promise<Response> {
  if (config.provider !== "clerk" || !config.webhookSigningSecret) return answer(404, "Sidan finns inte.");
  if (request.method !== "POST") return answer(405, "Endast POST stöds.", { Allow: "POST" });

  const declared = request.headers.get("Content-Length");
  if (declared !== null && !(Number(declared) <= MAX_WEBHOOK_BYTES)) return answer(413, "Meddelandet är för stort.");
  const bytes = await readCapped(request.body, MAX_WEBHOOK_BYTES).catch(() => null);
  if (!bytes) return answer(413, "Meddelandet är för stort.");

  let event: Awaited<ReturnType<typeof verifyWebhook>>;
  try {
    event = await verifyWebhook(new Request(request.url, { method: "POST", headers: request.headers, body: bytes }), {
      signingSecret: config.webhookSigningSecret,
    });
  } catch {
    return answer(400, "Meddelandets signatur kunde inte verifieras.");
  }

  if (event.type !== "user.deleted") return answer(200, "Händelsen behöver ingen åtgärd.");
  const user = DeletedUserSchema.safeParse(event.data);
  if (!user.success) return answer(400, "Meddelandet saknar ett giltigt användar-id.");

  try {
    const deleted = await eraseAccountData(user.data.id, store);
    return Response.json({ deleted }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Clerk webhook: could not delete the user's rows; Svix will retry", error);
    return answer(503, "Uppgifterna kunde inte raderas just nu.", { "Retry-After": "60" });
  }
}
