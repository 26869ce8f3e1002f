import { BODY_LABELS, DRIVETRAIN_LABELS, FUEL_LABELS } from "#app/lib/car-facts";
import { formatDecimal, formatMil, formatNumber, formatRangeMil, starsWord } from "#app/lib/format";
import type { CarFacts } from "#app/lib/recommendation";

const decimal = (value: number) => formatDecimal(value, { maxFraction: 2 });

function fuelLabel(facts: CarFacts): string {
  const engine = facts.combustionFuel === "diesel" ? " (diesel)" : facts.combustionFuel === "bensin" ? " (bensin)" : "";
  return `${FUEL_LABELS[facts.fuel]}${engine}`;
}

function consumptionLabel(facts: CarFacts): string {
  const c = facts.consumption;
  const parts = [
    c.litresPerMil !== undefined ? `${decimal(c.litresPerMil)} l` : null,
    c.kwhPerMil !== undefined ? `${decimal(c.kwhPerMil)} kWh` : null,
    c.kgPerMil !== undefined ? `${decimal(c.kgPerMil)} kg` : null,
  ].filter(Boolean);
  return `${parts.join(" + ")} per mil`;
}

function powerLabel(facts: CarFacts): string {
  const byYear = facts.powersByYear ?? [];
  if (byYear.length < 2) return `${facts.powerHp} hk`;
  return byYear.map(({ hp, from, to }) => `${hp} hk (${from === to ? from : `${from}–${to}`})`).join(", ");
}

/** Which catalogue field each row shows, so a figure not checked against a source says so. */
const ROW_FIELDS: Record<string, string[]> = {
  Kaross: ["bootLitres"],
  Säten: ["seats"],
  Dragvikt: ["towingKg"],
  "Räckvidd (el)": ["rangeKm", "batteryKwh"],
  Effekt: ["powerHp"],
  Förbrukning: ["consumption"],
  "Euro NCAP": ["ncap"],
};

function seatsLabel(facts: CarFacts): string {
  if (facts.thirdRowAdult === null) return String(facts.seats);
  const who = facts.thirdRowAdult ? "vuxna" : "barn";
  if (facts.standardSeats !== undefined) return `${facts.standardSeats} eller ${facts.seats} (tredje raden tillval, för ${who})`;
  return `${facts.seats} (tredje raden för ${who})`;
}

export function CarFactsList({ facts }: { facts: CarFacts }) {
  const unverified = new Set(facts.unverified ?? []);
  const mark = ([label, value]: [string, string]): [string, string] =>
    (ROW_FIELDS[label] ?? []).some((field) => unverified.has(field)) ? [label, `${value} (ej kontrollerad uppgift)`] : [label, value];
  const rows: [string, string][] = [
    ["Drivmedel", fuelLabel(facts)],
    ["Drivning", DRIVETRAIN_LABELS[facts.drivetrain]],
    ["Växellåda", facts.gearboxes.map((g) => (g === "automat" ? "automat" : "manuell")).join(" eller ")],
    ["Kaross", `${BODY_LABELS[facts.body]}, ${facts.bootLitres === null ? "öppet flak" : `${formatNumber(facts.bootLitres)} l bagage`}`],
    ["Säten", seatsLabel(facts)],
    ["Dragvikt", facts.towingKg > 0 ? `${formatNumber(facts.towingKg)} kg bromsat` : "ej godkänd för släp"],
    ...(facts.rangeKm !== undefined ? ([["Räckvidd (el)", `cirka ${formatRangeMil(facts.rangeKm)}`]] as [string, string][]) : []),
    ["Effekt", powerLabel(facts)],
    ["Förbrukning", consumptionLabel(facts)],
    [
      "Euro NCAP",
      facts.ncap
        ? `${facts.ncap.stars} ${starsWord(facts.ncap.stars)}${facts.ncap.pack ? `, ${facts.ncap.pack} med säkerhetspaket` : ""} (${facts.ncap.year})`
        : "ej testad",
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="car-facts">
      {rows.map(mark).map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
