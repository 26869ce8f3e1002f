import type { LoaderFunctionArgs } from "react-router";

/** What the header and pages may know about the signed-in buyer. */
export type SignedInUser = { id: string; displayName: string };

/**
 * The one server interface for "who is signed in". The sign-in providers (Clerk in production,
 * a local sign-in offline) arrive with the auth issue; until then nobody is signed in.
 */
export async function getSignedInUser(_args: Pick<LoaderFunctionArgs, "request" | "context">): Promise<SignedInUser | null> {
  return null;
}
