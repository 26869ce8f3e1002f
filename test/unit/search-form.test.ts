import { describe, expect, it } from "vitest";
import { SearchInputSchema } from "#app/lib/search-form";

const valid = { description: "Säker familjebil med dragkrok", maxPrice: "250 000", carType: "kombi", sellerType: "privat" };

function messages(input: Record<string, unknown>) {
  const result = SearchInputSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("search form schema", () => {
  it("accepts Swedish-formatted prices and trims the description", () => {
    const parsed = SearchInputSchema.parse({ ...valid, description: "  Säker familjebil med dragkrok  ", maxPrice: "250 000 kr" });
    expect(parsed).toEqual({ description: "Säker familjebil med dragkrok", maxPrice: 250_000, carType: "kombi", sellerType: "privat" });
    expect(SearchInputSchema.parse({ ...valid, maxPrice: "1.500.000" }).maxPrice).toBe(1_500_000);
  });

  it("explains every violation in Swedish", () => {
    expect(messages({ ...valid, description: "   kort   " })).toEqual({ description: "Beskriv dina önskemål med minst 10 tecken." });
    expect(messages({ ...valid, description: "x".repeat(2001) })).toEqual({ description: "Beskrivningen får vara högst 2000 tecken." });
    expect(messages({ ...valid, maxPrice: "9 999" })).toEqual({ maxPrice: "Maxpriset måste vara minst 10 000 kr." });
    expect(messages({ ...valid, maxPrice: "5000001" })).toEqual({ maxPrice: "Maxpriset får vara högst 5 000 000 kr." });
    expect(messages({ ...valid, maxPrice: "tvåhundra" })).toEqual({ maxPrice: "Ange ett maxpris i hela kronor, till exempel 250 000." });
    expect(messages({ ...valid, maxPrice: "" })).toEqual({ maxPrice: "Ange ett maxpris i hela kronor, till exempel 250 000." });
    expect(messages({ ...valid, maxPrice: 12_500.5 })).toEqual({ maxPrice: "Ange maxpriset i hela kronor, utan ören." });
    expect(messages({ ...valid, carType: "stridsvagn" })).toEqual({ carType: "Välj en karosstyp i listan." });
    expect(messages({ ...valid, sellerType: undefined })).toEqual({ sellerType: "Välj en säljartyp i listan." });
    expect(messages({})).toHaveProperty("description", "Beskriv vilken bil du letar efter.");
  });
});
