import { CLERK_ERROR_COPY, GENERIC_CLERK_ERROR } from "./failure-copy";

/** Unknown codes get the general message rather than English. */
export function clerkErrorMessage(code: string | null | undefined): string {
  // Own keys only: "constructor" and friends must not reach the page.
  return code && Object.hasOwn(CLERK_ERROR_COPY, code) ? (CLERK_ERROR_COPY[code] ?? GENERIC_CLERK_ERROR) : GENERIC_CLERK_ERROR;
}
