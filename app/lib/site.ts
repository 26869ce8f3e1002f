// Facts several pages state: change them here only.
export const CONTACT_EMAIL = "kontakt@drombil.se";
export const RETENTION_MONTHS = 24;
export const MARKETPLACE_CACHE_MINUTES = 5;
export const POLICY_UPDATED = "2026-11-28";
