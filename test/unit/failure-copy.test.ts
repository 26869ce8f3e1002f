import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { errorCopy } from "#app/components/error-boundary";
import { FailedRecommendation } from "#app/components/pending-recommendation";
import { unknownAvailabilityText } from "#app/lib/availability-text";
import { clerkErrorMessage } from "#app/lib/clerk-errors";
import { JobFailureCodeSchema } from "#app/lib/creation-job";
import { HTTP_ERROR_COPY, UNEXPECTED_ERROR_COPY } from "#app/lib/error-page-copy";
import {
  ACCOUNT_DELETION_COPY,
  AVAILABILITY_UNKNOWN_COPY,
  CLERK_ERROR_COPY,
  CONFLICT_COPY,
  CREATE_FORM_COPY,
  DEGRADED_COPY,
  FORM_BODY_COPY,
  formatWait,
  GENERIC_CLERK_ERROR,
  IMAGE_COPY,
  JOB_FAILURE_COPY,
  jobFailureMessage,
  LIMIT_CODES,
  limitMessage,
  MISCONFIGURED_COPY,
  READING_CORRECTION_COPY,
  SHORTFALL_COPY,
  START_FAILURE_COPY,
} from "#app/lib/failure-copy";
import { AvailabilityUnknownDetailSchema, AvailabilityUnknownReasonSchema } from "#app/lib/marketplace";
import { SearchInputSchema } from "#app/lib/search-form";

/** A sentence a buyer reads: Swedish words, a capital start, a full stop, nothing developer-facing. */
function expectSwedishSentence(text: string, label: string) {
  expect(text, label).toMatch(/^[A-ZÅÄÖ0-9]/);
  expect(text, label).toMatch(/[.!]$/);
  expect(text, label).toMatch(/\b(och|inte|att|för|på|är|har|kan|du|din|ditt|vi|med|om|i|en|ett|så)\b|[åäö]/i);
  expect(text, label).not.toMatch(/\b(error|failed|please|try|undefined|null|NaN|upstream|openai|timeout)\b/i);
}

describe("the failure copy", () => {
  it("has a Swedish sentence for every job failure code, and an unknown code reads as interrupted", () => {
    for (const code of JobFailureCodeSchema.options) {
      expectSwedishSentence(JOB_FAILURE_COPY[code], code);
      expect(jobFailureMessage(code)).toBe(JOB_FAILURE_COPY[code]);
    }
    expect(Object.keys(JOB_FAILURE_COPY).sort()).toEqual([...JobFailureCodeSchema.options].sort());
    for (const unknown of ["a-newer-code", null, undefined, "constructor"]) expect(jobFailureMessage(unknown)).toBe(JOB_FAILURE_COPY.interrupted);
  });

  it("names the wait in every limit's sentence", () => {
    for (const code of LIMIT_CODES) {
      const text = limitMessage(code, 1_500, 20);
      expectSwedishSentence(text, code);
      expect(text, code).toContain("25 minuter");
    }
    expect(limitMessage("ai-daily", 7_300, 20)).toBe("Du har beställt 20 bilförslag det senaste dygnet, vilket är gränsen per konto. Försök igen om 3 timmar.");
    expect([formatWait(1), formatWait(45), formatWait(150), formatWait(7_200)]).toEqual(["1 sekund", "45 sekunder", "3 minuter", "2 timmar"]);
  });

  it("has a sentence for every reason and detail an unknown availability can carry", () => {
    for (const code of [...AvailabilityUnknownReasonSchema.options, ...AvailabilityUnknownDetailSchema.options]) {
      expectSwedishSentence(AVAILABILITY_UNKNOWN_COPY[code], code);
    }
    expect(unknownAvailabilityText({ reason: "timeout", detail: "queued" })).toBe(AVAILABILITY_UNKNOWN_COPY.queued);
  });

  it("writes every other failure and limit in Swedish", () => {
    const fixed: [string, string][] = [
      ...Object.entries(START_FAILURE_COPY),
      ...Object.entries(DEGRADED_COPY).filter(([code]) => code !== "job-failed-heading"),
      ...Object.entries(FORM_BODY_COPY),
      ...Object.entries(IMAGE_COPY),
      ...Object.entries(ACCOUNT_DELETION_COPY),
      ...Object.entries(CLERK_ERROR_COPY),
      ["generic-clerk", GENERIC_CLERK_ERROR],
      ...Object.entries(HTTP_ERROR_COPY).map(([status, copy]): [string, string] => [status, copy.body]),
      ["unexpected", UNEXPECTED_ERROR_COPY.body],
      ["misconfigured", MISCONFIGURED_COPY.body],
      ["reading-unreadable", READING_CORRECTION_COPY.unreadable],
      ["reading-invalid-values", READING_CORRECTION_COPY["invalid-values"]],
      ["reading-out-of-range", READING_CORRECTION_COPY["out-of-range"]("Dragvikt, minst", 100, 4000, "kg")],
      ["few-models", SHORTFALL_COPY["few-models"](3, 10)],
      ["conflict-year", CONFLICT_COPY["model-year-future"]("årsmodell 2031", 2031)],
      [
        "shortfall",
        SHORTFALL_COPY.few(3, 10, "fyrhjulsdrift") +
          SHORTFALL_COPY["catalogue-only"](false, ["fyrhjulsdrift"]) +
          SHORTFALL_COPY.ways([SHORTFALL_COPY["raise-budget"]("400 000 kr", 12)]),
      ],
    ];
    for (const [code, text] of fixed) expectSwedishSentence(text, code);
    for (const [code, message] of Object.entries(CREATE_FORM_COPY)) expectSwedishSentence(message(10_000), code);
    expect(clerkErrorMessage("form_password_incorrect")).toBe(CLERK_ERROR_COPY.form_password_incorrect);
    expect(errorCopy(429)).toBe(HTTP_ERROR_COPY[429]);
    expect(errorCopy(418)).toBe(UNEXPECTED_ERROR_COPY);
  });

  it("is what the create form's validation answers", () => {
    const errors = (input: Record<string, unknown>) => SearchInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    const valid = { description: "En rymlig kombi för familjen", maxPrice: "250 000", carType: "kombi", sellerType: "alla" };
    expect(errors({ ...valid, description: "kort" })).toEqual([CREATE_FORM_COPY["description-too-short"](10)]);
    expect(errors({ ...valid, maxPrice: "5 000" })).toEqual(["Maxpriset måste vara minst 10 000 kr."]);
    expect(errors({ ...valid, maxPrice: "9 000 000" })).toEqual(["Maxpriset får vara högst 5 000 000 kr."]);
    expect(errors({ ...valid, maxPrice: "mycket" })).toEqual([CREATE_FORM_COPY["price-not-a-number"]()]);
    expect(errors({ ...valid, carType: "raket" })).toEqual([CREATE_FORM_COPY["car-type-invalid"]()]);
    expect(errors({ ...valid, sellerType: "granne" })).toEqual([CREATE_FORM_COPY["seller-type-invalid"]()]);
  });

  it("is what the failed recommendation page shows for each job failure code", () => {
    const input = { description: "En rymlig kombi för familjen", maxPrice: 250_000, carType: "kombi", sellerType: "alla" } as const;
    for (const code of JobFailureCodeSchema.options) {
      const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(FailedRecommendation, { input, message: jobFailureMessage(code) })));
      expect(html).toContain(DEGRADED_COPY["job-failed-heading"]);
      expect(html).toContain(`data-testid="job-failed"><p>${JOB_FAILURE_COPY[code]}</p>`);
      // "Försök igen" posts the wish; no link carries it in a URL.
      expect(html).toContain('<form action="/?index" method="post"><input type="hidden" name="onskemal"');
      expect(html).not.toMatch(/href="[^"]*onskemal/);
    }
  });
});
