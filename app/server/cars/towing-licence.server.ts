import { z } from "zod";
import { formatNumber } from "#app/lib/format";
import limitsJson from "./rules/towing-licence.json" with { type: "json" };

// B, B96 and BE limits and their sources: rules/towing-licence.json. The catalogue holds tjänstevikt, always below
// totalvikt, so it can rule B or B96 out, never in; the note says the rule is on totalvikt and that we lack the car's.

const LIMITS = z
  .object({ lightTrailerMaxKg: z.number(), bCombinationMaxKg: z.number(), b96CombinationMaxKg: z.number(), beTrailerMaxKg: z.number() })
  .parse(limitsJson);

type TowingLicence = "B" | "B96" | "BE" | "tyngre";

export type LicenceNote = {
  trailerTotalKg: number;
  atLeast: TowingLicence;
  text: string;
};

const kg = (value: number) => `${formatNumber(value)} kg`;
const RULE = `Gränserna gäller bilens totalvikt plus släpets totalvikt: B högst ${kg(LIMITS.bCombinationMaxKg)}, B96 högst ${kg(LIMITS.b96CombinationMaxKg)}; för släpet räknas totalvikten i dess registreringsbevis, inte vad det väger lastat.`;
const UNKNOWN = "Vi har inte bilens totalvikt";
const READ =
  "Bilens totalvikt och högsta tillåtna släpvagnsvikt står i registreringsbeviset (och i Transportstyrelsens fordonsuppgifter för registreringsnumret).";

export function towingLicenceNote(car: { curbWeightKg?: number; towingKg: number }, trailerTotalKg: number): LicenceNote {
  const trailer = kg(trailerTotalKg);
  const approval = trailerTotalKg > car.towingKg ? ` Bilen är bara godkänd för ${kg(car.towingKg)} bromsat släp, så släpet är för tungt för den.` : "";
  if (trailerTotalKg > LIMITS.beTrailerMaxKg) {
    return {
      trailerTotalKg,
      atLeast: "tyngre",
      text: `Ett släp på ${trailer} totalvikt är över ${kg(LIMITS.beTrailerMaxKg)}: det får inte dras med BE-behörighet utan kräver tungt körkort (C1E eller högre).${approval}`,
    };
  }
  if (trailerTotalKg <= LIMITS.lightTrailerMaxKg) {
    return {
      trailerTotalKg,
      atLeast: "B",
      text: `Ett släp på högst ${kg(LIMITS.lightTrailerMaxKg)} totalvikt (ditt: ${trailer}) får du dra med vanligt B-körkort.${approval}`,
    };
  }
  const bBound = LIMITS.bCombinationMaxKg - trailerTotalKg;
  const b96Bound = LIMITS.b96CombinationMaxKg - trailerTotalKg;
  const curb = car.curbWeightKg;
  if (curb !== undefined && curb + trailerTotalKg > LIMITS.b96CombinationMaxKg) {
    return {
      trailerTotalKg,
      atLeast: "BE",
      text: `Med ett släp på ${trailer} behöver du BE. ${RULE} ${UNKNOWN}, men redan tjänstevikten, ${kg(curb)}, som är lägre än totalvikten, plus släpet är över ${kg(LIMITS.b96CombinationMaxKg)}.${approval} ${READ}`,
    };
  }
  if (curb !== undefined && curb + trailerTotalKg > LIMITS.bCombinationMaxKg) {
    return {
      trailerTotalKg,
      atLeast: "B96",
      text: `Med ett släp på ${trailer} räcker inte B-körkort. ${RULE} ${UNKNOWN}, men redan tjänstevikten, ${kg(curb)}, som är lägre än totalvikten, plus släpet är över ${kg(LIMITS.bCombinationMaxKg)}. B96 räcker om bilens totalvikt är högst ${kg(b96Bound)}, annars krävs BE.${approval} ${READ}`,
    };
  }
  return {
    trailerTotalKg,
    atLeast: "B",
    text: `Med ett släp på ${trailer}: B-körkort räcker bara om bilens totalvikt är högst ${kg(bBound)}, B96 om den är högst ${kg(b96Bound)}; annars krävs BE. ${RULE} ${UNKNOWN}.${approval} ${READ}`,
  };
}
