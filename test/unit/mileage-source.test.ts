import { describe, expect, it } from "vitest";
import { mileagePhrase, mileageSource } from "#app/lib/mileage-source";

describe("where a yearly mileage comes from, in the buyer's words", () => {
  it("quotes a daily, weekly or monthly figure instead of claiming the buyer wrote the yearly one", () => {
    expect(mileageSource("Jag pendlar 4 mil om dagen och åker till fjällen.", true)).toBe("räknat från 4 mil om dagen");
    expect(mileageSource("Pendlar sex mil om dagen", true)).toBe("räknat från sex mil om dagen");
    expect(mileageSource("kör ca 30 mil i veckan", true)).toBe("räknat från 30 mil i veckan");
    expect(mileageSource("3 mil enkel väg till jobbet", true)).toBe("räknat från 3 mil enkel väg");
  });

  it("says 'som du skrev' only for a yearly figure, and 'vårt antagande' when nothing was said", () => {
    expect(mileageSource("Jag kör 1500 mil per år", true)).toBe("som du skrev");
    expect(mileageSource("Jag kör 1 500 mil om året", true)).toBe("som du skrev");
    expect(mileagePhrase("Jag kör 1 500 mil om året")).toBe("1 500 mil om året");
    expect(mileageSource("Familjebil med dragkrok", false)).toBe("vårt antagande");
    expect(mileageSource(null, true)).toBe("räknat från det du skrev");
  });

  it("does not take a range or an odometer reading for a mileage", () => {
    expect(mileagePhrase("räckvidd minst 40 mil, max 10 000 mil på mätaren")).toBeNull();
    expect(mileagePhrase("Jag kör 2 mil per dag")).toBe("2 mil per dag");
  });
});
