// The names of the cookies that mark a session: the local sign-in sets its own, and the cache policy must see both kinds.

/** Over https, `__Host-` makes browsers demand Secure, Path=/ and no Domain, so a sibling subdomain cannot plant it. */
export const LOCAL_SESSION_COOKIE = "__drombil_session";
export const LOCAL_SESSION_COOKIE_HTTPS = "__Host-drombil_session";

/** Clerk's session cookies (optionally suffixed per instance); `__client_uat=0` means signed out. */
export const CLERK_SESSION_COOKIE = /^__(session|client_uat)(_[A-Za-z0-9_-]+)?$/;
