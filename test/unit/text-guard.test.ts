import { describe, expect, it } from "vitest";
import { sentences } from "#app/server/advice/sentences.server";
import { contradiction, guardResultTexts } from "#app/server/advice/text-guard.server";
import { testVariant } from "#test/fixtures/variant";

const fwdPetrol = testVariant();
const texts = (deepDive: string) => ({ tagline: "En bil.", whyItFits: "Den passar.", deepDive, commonFlaws: "Inga.", pros: [], cons: [] });

describe("the text guard", () => {
  it("splits Swedish prose into sentences without breaking decimals", () => {
    expect(sentences("Den drar 0,56 l/mil. Skatten är 360 kr! Bra?")).toEqual(["Den drar 0,56 l/mil.", "Skatten är 360 kr!", "Bra?"]);
    // A name's "!" before its battery is no sentence end: "e-up! 32,3 kWh" read as "32,3 kWh möter …".
    expect(sentences("e-up! 32,3 kWh möter dina önskemål. Bra!")).toEqual(["e-up! 32,3 kWh möter dina önskemål.", "Bra!"]);
  });

  it("finds claims that break the variant's facts", () => {
    expect(contradiction("Med fyrhjulsdrift tar du dig fram i snön.", fwdPetrol)).toBe("awd");
    expect(contradiction("Den här elbilen laddas hemma.", fwdPetrol)).toBe("not-ev");
    expect(contradiction("Dieselmotorn är snål.", fwdPetrol)).toBe("not-diesel");
    expect(contradiction("Den har en snål dieselmotor.", fwdPetrol)).toBe("not-diesel");
    expect(contradiction("Den har 7 säten.", fwdPetrol)).toBe("seats");
    expect(contradiction("Den drar 2 500 kg släp.", fwdPetrol)).toBe("towing");
  });

  it("leaves negations, comparisons and true statements alone", () => {
    expect(contradiction("Den saknar fyrhjulsdrift.", fwdPetrol)).toBeNull();
    expect(contradiction("Dragvikten är lägre än i AWD-versionen med fyrhjulsdrift.", fwdPetrol)).toBeNull();
    expect(contradiction("Den drar 1 800 kg släp.", fwdPetrol)).toBeNull();
    expect(contradiction("Den har 5 säten.", fwdPetrol)).toBeNull();
    expect(contradiction("Med fyrhjulsdrift tar du dig fram i snön.", testVariant({ drivetrain: "awd" }))).toBeNull();
  });

  it("bounds words by letters, not ASCII: än, får, är and över next to å, ä, ö", () => {
    // \b sees no word edge before "ä" or after "å": these were missed or misread before.
    expect(contradiction("Den har lägre förbrukning än fyrhjulsdriften.", fwdPetrol)).toBeNull();
    expect(contradiction("Den får fyrhjulsdrift som standard.", fwdPetrol)).toBe("awd");
    expect(contradiction("Bilen är en elbil.", fwdPetrol)).toBe("not-ev");
    expect(contradiction("Den drar 1 800 kg, klart över 1 500 kg.", fwdPetrol)).toBeNull();
  });

  it("drops contradictions and sentences a higher-ranked car already said", () => {
    const [first, second] = guardResultTexts([
      { variant: fwdPetrol, texts: texts("Bra säten. Den har fyrhjulsdrift som standard.") },
      { variant: fwdPetrol, texts: texts("Bra säten. Snål motor.") },
    ]);
    expect(first?.texts.deepDive).toBe("Bra säten.");
    expect(first?.dropped).toEqual([{ sentence: "Den har fyrhjulsdrift som standard.", reason: "awd" }]);
    expect(second?.texts.deepDive).toBe("Snål motor.");
    expect(second?.dropped.map((d) => d.reason)).toContain("repeated");
  });
});
