import { Outlet } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { requireUserId } from "#app/server/auth/auth.server";
import type { Route } from "./+types/authed";

export async function loader(args: Route.LoaderArgs) {
  return { userId: await requireUserId(args) };
}

export default function AuthedLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
