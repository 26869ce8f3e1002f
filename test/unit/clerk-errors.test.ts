import { describe, expect, it } from "vitest";
import { clerkErrorMessage } from "#app/lib/clerk-errors";
import { GENERIC_CLERK_ERROR } from "#app/lib/failure-copy";

describe("Clerk error codes in Swedish", () => {
  it("maps the codes our pages can surface", () => {
    expect(clerkErrorMessage("form_identifier_not_found")).toBe("Vi hittar inget konto med den e-postadressen.");
    expect(clerkErrorMessage("form_password_incorrect")).toBe("Fel lösenord. Försök igen eller återställ lösenordet.");
    expect(clerkErrorMessage("session_exists")).toBe("Du är redan inloggad.");
  });

  it("never falls back to English for unknown codes", () => {
    expect(clerkErrorMessage("some_new_code")).toBe(GENERIC_CLERK_ERROR);
    expect(clerkErrorMessage(null)).toBe(GENERIC_CLERK_ERROR);
    expect(clerkErrorMessage("constructor")).toBe(GENERIC_CLERK_ERROR);
  });
});
