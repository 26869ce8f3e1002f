import { describe, expect, it } from "vitest";
import { faultSeverity } from "#app/server/advice/fault-weight.server";
import { CATALOGUE } from "#app/server/cars/catalogue.server";

// A fault tied to one gearbox lives on its own variant, so an automatic card carries it and a manual one never does.

describe("Golf VI 1.6 TDI by gearbox", () => {
  const golf = CATALOGUE.filter((v) => v.model === "Golf" && v.generation === "Mk6" && v.name.startsWith("1.6 TDI"));
  it("the DSG variant is automatic only and names the dry seven-speed DQ200 as a car-ending fault; the manual one has no DSG", () => {
    const dsg = golf.find((v) => v.gearboxes.includes("automat"));
    const manual = golf.find((v) => v.gearboxes.includes("manuell"));
    expect(dsg?.gearboxes).toEqual(["automat"]);
    const flaw = dsg!.knownFlaws.map((f) => (typeof f === "string" ? f : f.text)).find((text) => /DQ200/u.test(text));
    expect(flaw).toBeDefined();
    expect(faultSeverity(flaw!)).toBe("ending");
    expect(manual?.gearboxes).toEqual(["manuell"]);
    expect(manual!.knownFlaws.join(" ")).not.toMatch(/DSG|DQ200/u);
  });
});
