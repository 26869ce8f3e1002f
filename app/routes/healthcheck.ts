import { pingDatabase } from "#app/server/db/client.server";

/** Liveness plus a cheap D1 round trip, for uptime monitors. Never cached. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await pingDatabase();
    return Response.json({ status: "ok" }, { headers });
  } catch (error) {
    console.error("healthcheck: D1 unavailable", error);
    return Response.json({ status: "degraded", database: "unavailable" }, { status: 503, headers });
  }
}
