import type { LoaderFunctionArgs } from "react-router";
import { pingDatabase } from "#app/server/db/client.server";
import { servicesFrom } from "#app/server/services.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  try {
    await pingDatabase(servicesFrom(context).db);
    return Response.json({ status: "ok" }, { headers });
  } catch (error) {
    console.error("healthcheck: D1 unavailable", error);
    return Response.json({ status: "degraded", database: "unavailable" }, { status: 503, headers });
  }
}
