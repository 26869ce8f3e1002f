import { data, Outlet } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { getSignedInUser } from "#app/server/auth/auth.server";
import type { Route } from "./+types/authed";

/** The signed-in group: every page under it needs a user, checked here once on the server. */
export async function loader(args: Route.LoaderArgs) {
  const user = await getSignedInUser(args);
  if (!user) throw data("Not authenticated", { status: 401 });
  return { userId: user.id };
}

export default function AuthedLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
