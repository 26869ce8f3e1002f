import { formatSek } from "#app/lib/format";
import { malusEndsAt } from "#app/server/cars/vehicle-tax.server";
import type { CardFacts } from "./fact-check/card-facts.server";

// Within one window the newest years may still pay malus while the older ones have passed it.

function yearsText(years: readonly number[]): string {
  const spans: string[] = [];
  for (let i = 0; i < years.length; i++) {
    let j = i;
    while (j + 1 < years.length && years[j + 1] === years[j]! + 1) j++;
    spans.push(i === j ? `${years[i]}` : `${years[i]}–${years[j]}`);
    i = j;
  }
  return spans.length <= 1 ? (spans[0] ?? "") : `${spans.slice(0, -1).join(", ")} och ${spans.at(-1)}`;
}

const lastMalusYear = (year: number) => {
  const end = malusEndsAt({ year, month: 12 });
  return end.month === 1 ? end.year - 1 : end.year;
};

const amountsText = (amounts: readonly number[]) => {
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  return low === high ? formatSek(low) : `${formatSek(low)}–${formatSek(high)}`;
};

function until(years: readonly number[]): string {
  const oldest = Math.min(...years);
  const newest = Math.max(...years);
  if (oldest === newest) return `för en bil registrerad ${newest} som längst till och med ${lastMalusYear(newest)}`;
  return `som längst till och med ${lastMalusYear(oldest)} för en bil registrerad ${oldest} och ${lastMalusYear(newest)} för en registrerad ${newest}`;
}

const MALUS = "Malus, den höjda skatten under de tre första åren i trafik,";

export function malusNote(name: string, facts: CardFacts): string | null {
  const paying = facts.taxes.filter((year) => year.malus);
  if (paying.length === 0) return null;
  const always = paying.filter((year) => year.alwaysMalus).map((year) => year.year);
  const partly = paying.filter((year) => !year.alwaysMalus).map((year) => year.year);
  const passed = facts.taxes.filter((year) => !year.malus);
  const out: string[] = [];
  if (always.length > 0) {
    const amounts = facts.taxes.filter((year) => year.alwaysMalus).flatMap((year) => year.amounts);
    out.push(`${MALUS} betalar ${name} av årsmodell ${yearsText(always)} fortfarande: ${amountsText(amounts)} per år, ${until(always)}.`);
  }
  if (partly.length > 0) {
    const newest = Math.max(...partly);
    const who = always.length > 0 ? `Årsmodell ${yearsText(partly)} betalar malus` : `${MALUS} betalar ${name} av årsmodell ${yearsText(partly)}`;
    const late = partly.length === 1 ? `sent under ${newest}` : "sent under sitt årsmodellår";
    out.push(`${who} bara om bilen registrerades ${late}, och då som längst till och med ${lastMalusYear(newest)}.`);
  }
  if (passed.length > 0) {
    out.push(
      `Årsmodell ${yearsText(passed.map((year) => year.year))} har passerat malusåren och betalar ${amountsText(passed.flatMap((year) => year.amounts))} per år i skatt.`,
    );
  }
  return out.join(" ");
}

export function malusCon(name: string, facts: CardFacts): string | null {
  const newest = facts.taxes.at(-1);
  if (!newest?.alwaysMalus) return null;
  return `${name} av årsmodell ${newest.year} betalar malus: skatten är ${amountsText(newest.amounts)} per år, ${until([newest.year])}.`;
}
