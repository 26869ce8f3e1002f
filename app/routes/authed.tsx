import { Outlet } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { requireUserId } from "#app/server/auth/auth.server";
import { retryAfterHeaders } from "#app/server/http/retry-after.server";
import type { Route } from "./+types/authed";

// This layout's boundary shows what its pages throw (the detail page's poll limit among them): a thrown 429
// carries its Retry-After only through the boundary route's `headers` export.
export const headers = retryAfterHeaders;

export async function loader(args: Route.LoaderArgs) {
  return { userId: await requireUserId(args) };
}

export default function AuthedLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
