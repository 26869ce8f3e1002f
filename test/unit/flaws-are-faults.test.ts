import { describe, expect, it } from "vitest";
import { isDesignTrait } from "#app/server/advice/design-traits.server";

// "Vanliga fel" holds what breaks or wears; the eighth blind review found fuel use, tax, charging and noise there.

const TRAITS = [
  "Den steglösa lådan i Verso 1.8 låter mycket vid acceleration.",
  "Den lilla trecylindern blir ansträngd i 5008 med sju personer och packning.",
  "Törstig: runt 1,2 liter per mil, och skatten är hög.",
  "Batteriet på 8,9 kWh ger runt 4 mil el på sommaren men bara 2,5–3 mil vintertid.",
  "Bagaget krymper till 324 liter eftersom batteriet tar plats under golvet.",
  "Motorn i Jazz III varvar högt och låter mycket i motorvägsfart, särskilt med CVT-lådan.",
  "Grand Vitara II drar mycket bränsle jämfört med nyare SUV:ar.",
  "Bakluckan i Grand Vitara II är sidohängd med reservhjulet på och kräver plats bakom bilen.",
  "Rio III 1.25 är svag vid omkörningar och med full last.",
  "Bränsleförbrukningen runt 0,87 liter per mil är hög jämfört med diesel.",
  "Hög vikt och stegram ger hög förbrukning, runt 1 liter per mil.",
  "Corolla 1.8 Hybrid känns seg vid omkörningar och motorn låter när den varvar upp.",
  "Laddning sker med högst 3,3 kW, så ett tomt batteri i Ceed SW Plug-in tar runt tre timmar att fylla.",
  "Ceed SW Plug-in kan gå på bensin vid kyla eftersom kupévärmen kräver motorn.",
  "Octavia IV 2.0 TDI betalar dieseltillägg och har därför högre skatt än en bensinbil.",
];
const FAULTS = [
  "Fläktmotståndet i Zafira B går sönder så att fläkten bara fungerar på högsta läget.",
  "Bakre bromsok på Rio III kan kärva efter vintrar med saltade vägar.",
  "Den steglösa CVT-lådan i Jazz I kan börja rycka och slira och är dyr att laga.",
  "EGR-kylaren i Golf VII 2.0 TDI kan läcka kylvätska, vilket ger sjunkande nivå utan synligt läckage.",
  "Tidiga Leon IV från 2020–2021 har pekreglage och infotainment som fryser.",
  "Insprutarna i 1KD-FTV-motorn kan läcka förbi kopparbrickorna och ge sotbildning.",
  "Partikelfiltret i Focus 1.5 EcoBlue sätts igen vid mycket stadskörning.",
];

describe("'Vanliga fel' holds faults, the analysis holds traits", () => {
  it("reads fuel use, tax, charging, range, noise and pull as traits", () => {
    expect(TRAITS.filter((text) => !isDesignTrait(text))).toEqual([]);
  });
  it("keeps what breaks, leaks, seizes or freezes as a fault", () => {
    expect(FAULTS.filter((text) => isDesignTrait(text))).toEqual([]);
  });
});
