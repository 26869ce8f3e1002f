/** Facts about the service that several pages state; change them here only. */
export const CONTACT_EMAIL = "kontakt@drombil.se";
/** Accounts (and everything in them) are deleted automatically after this many months without use. */
export const RETENTION_MONTHS = 24;
/** How long marketplace search results are cached (minutes). */
export const MARKETPLACE_CACHE_MINUTES = 5;
export const POLICY_UPDATED = "2026-11-23";
