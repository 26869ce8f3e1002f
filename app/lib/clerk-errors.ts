/**
 * Swedish text for the Clerk error codes our own pages can surface (Clerk's widgets localise
 * their own through svSE). Unknown codes get a general message rather than English.
 */
const CLERK_ERROR_MESSAGES: Record<string, string> = {
  form_identifier_not_found: "Vi hittar inget konto med den e-postadressen.",
  form_password_incorrect: "Fel lösenord. Försök igen eller återställ lösenordet.",
  form_password_pwned: "Lösenordet har förekommit i en dataläcka. Välj ett annat lösenord.",
  form_password_length_too_short: "Lösenordet är för kort.",
  form_identifier_exists: "Det finns redan ett konto med den e-postadressen. Logga in i stället.",
  form_param_format_invalid: "Kontrollera att uppgifterna är rätt ifyllda.",
  form_code_incorrect: "Koden stämmer inte. Kontrollera den och försök igen.",
  verification_expired: "Verifieringen har gått ut. Begär en ny kod.",
  session_exists: "Du är redan inloggad.",
  identifier_already_signed_in: "Du är redan inloggad med det här kontot.",
  not_allowed_access: "Den här e-postadressen får inte logga in på Drömbil.",
  user_locked: "Kontot är tillfälligt låst efter för många försök. Vänta en stund och försök igen.",
  too_many_requests: "För många försök. Vänta en stund och försök igen.",
  authentication_invalid: "Inloggningen kunde inte verifieras. Logga in igen.",
};

export const GENERIC_CLERK_ERROR = "Inloggningen misslyckades. Försök igen om en stund.";

export function clerkErrorMessage(code: string | null | undefined): string {
  // Own keys only: "constructor" and friends must not reach the page.
  return code && Object.hasOwn(CLERK_ERROR_MESSAGES, code) ? (CLERK_ERROR_MESSAGES[code] ?? GENERIC_CLERK_ERROR) : GENERIC_CLERK_ERROR;
}
