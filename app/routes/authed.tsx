import { Outlet } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { requireUserId } from "#app/server/auth/auth.server";
import type { Route } from "./+types/authed";

/** The signed-in group: every page under it needs a user, checked here once on the server. */
export async function loader(args: Route.LoaderArgs) {
  return { userId: await requireUserId(args) };
}

export default function AuthedLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
