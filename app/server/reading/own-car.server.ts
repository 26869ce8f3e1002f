import { MAKES, type Make } from "#app/lib/car-facts";
import type { BuyerRequirements, NotedItem } from "#app/lib/requirements";
import { namedModels } from "./named-models.server";
import { isPersonNoun, ownerBefore } from "./possessors.server";
import { tokenize } from "./tokenize.server";

// The car the buyer has, had or that broke is the story behind the wish, not the wish: its make,
// model and year steer nothing, and a fault said of it may be what to avoid next time.

const OWN =
  /(?<!\p{L})((min|mitt|vår|vårt) (gamla |förra |nuvarande )?bil|förra|förre|nuvarande|gamla|hade|haft|ägde|ägt|köpte|körde|kört|idag har|i dag har|har idag|har i dag|har nu|nu har|vana vid|van vid|van med)(?!\p{L})|(?<!\p{L})(har|kör|äger) (en|ett|nu en|idag en|i dag en|en gammal|ett gammalt)(?!\p{L})/iu;
const FAULT =
  /(?<!\p{L})(sprucket|spruckit|rasade|rasat|dog|död|rostade|rostat|rostig|kamremmen|havererade|totalhavererade|haveri|sönder|lade av|la av|pang|läck\p{L}*|krångla\p{L}*|underkänd\p{L}*|skrot|e slut|är slut|överhettning|ryck\p{L}*|kostade)(?!\p{L})/iu;
/** "som inte rostar sönder" is a wish, not a fault. */
const NEGATED = /(?<!\p{L})(inte|aldrig|ej|ingen|inga|utan)\s+\p{L}+(\s+sönder)?/giu;
const WANT = /(?<!\p{L})(vill|söker|letar|önskar|gärna|helst|drömmer|funderar|tänker|siktar|want|looking)(?!\p{L})/iu;
const POSSESSED = /(?<!\p{L})(min|mitt|vår|vårt|förra|gamla|nuvarande)\s+(gamla\s+|förra\s+)?([\p{L}-]+\s+)?$/iu;
const SHORT_NAMES: Partial<Record<Make, string>> = { "Mercedes-Benz": "mercedes|benz|merca", Volkswagen: "volkswagen|vw", "Alfa Romeo": "alfa" };
const MAKE_NAMES: readonly [Make, RegExp][] = MAKES.map((make) => {
  const names = SHORT_NAMES[make] ?? make.toLowerCase().replace(/[-\s]/gu, "[-\\s]?");
  return [make, new RegExp(`(^|[^\\p{L}])(?:${names})(?=[^\\p{L}]|s?$|:)`, "iu")];
});
const YEAR = /\b(19[5-9]\d|20[0-3]\d)\b|-(\d\d)\b/gu;

interface OwnCar {
  makes: Set<Make>;
  models: Set<string>;
  years: Set<number>;
  elsewhere: { makes: Set<Make>; years: Set<number> };
  others: Set<string>;
}

/** Only a car right after a possessive counts in a sentence that also states a wish ("byta min Volvo mot en Toyota"). */
function ownedIn(sentence: string, index: number): boolean {
  return POSSESSED.test(sentence.slice(Math.max(0, index - 20), index)) && !othersIn(sentence, index);
}

const TOLD_BY = /(?<!\p{L})(\p{L}+)\s+(?:har|hade|kör|körde|äger|ägde|har haft|har kört)\s+(?:en\s+|ett\s+|nu\s+en\s+)?(?:\p{L}+\s+)?$/iu;
/** "brorsan har en volvo", "min sambo kör en BMW": the car told of belongs to the person who is the subject. */
function toldOfAnother(sentence: string, index: number): boolean {
  const subject = TOLD_BY.exec(sentence.slice(Math.max(0, index - 40), index))?.[1]?.toLowerCase() ?? "";
  return subject !== "man" && isPersonNoun(subject);
}

function othersIn(sentence: string, index: number): boolean {
  const before = sentence.slice(Math.max(0, index - 40), index);
  const { all } = tokenize(before);
  return all.length > 0 && ownerBefore(all, all.length) === "other";
}

function yearsIn(sentence: string, shortYears: boolean): number[] {
  return [...sentence.matchAll(YEAR)].flatMap((match) => {
    if (match[1] !== undefined) return [Number(match[1])];
    if (!shortYears || match[2] === undefined) return [];
    const short = Number(match[2]);
    return [short > 40 ? 1900 + short : 2000 + short];
  });
}

function findOwnCar(description: string): OwnCar {
  const found: OwnCar = { makes: new Set(), models: new Set(), years: new Set(), elsewhere: { makes: new Set(), years: new Set() }, others: new Set() };
  for (const sentence of description.split(/(?<=[.!?])\s+|\n+/u)) {
    const own = OWN.test(sentence) || FAULT.test(sentence.replace(NEGATED, ""));
    const wants = WANT.test(sentence);
    for (const [make, pattern] of MAKE_NAMES) {
      const hit = pattern.exec(sentence);
      if (hit === null) continue;
      const at = hit.index + hit[1]!.length;
      if (othersIn(sentence, at) || toldOfAnother(sentence, at)) (found.others.add(make), found.makes.add(make));
      else if ((own && !wants) || ownedIn(sentence, at)) found.makes.add(make);
      else found.elsewhere.makes.add(make);
    }
    for (const key of namedModels(sentence)) {
      const at = sentence.toLowerCase().indexOf((key.split("|")[1] ?? "").toLowerCase());
      const others = at >= 0 && (othersIn(sentence, at) || toldOfAnother(sentence, at));
      if (others) found.others.add(key.replace("|", " "));
      if (others || (own && !wants) || (at >= 0 && ownedIn(sentence, at))) {
        found.models.add(key);
        found.makes.add(key.split("|")[0] as Make);
      }
    }
    if (own && !wants) for (const year of yearsIn(sentence, true)) found.years.add(year);
    else for (const year of yearsIn(sentence, false)) found.elsewhere.years.add(year);
  }
  return found;
}

const DUAL_CLUTCH =
  /(?<!\p{L})(aldrig mer|inte|ingen|inga|utan|slipper|slippa|undvik\p{L}*)\s+(en\s+|någon\s+|nån\s+)?(dsg|dubbelkoppl\p{L}*|powershift)(?!\p{L})/iu;

/** The buyer's own or past car, and the car that failed them, named as context and never as a make, model or year to look for. */
export function withoutOwnCar(requirements: BuyerRequirements, description: string): BuyerRequirements {
  const own = findOwnCar(description);
  const keep = (make: Make) => !own.makes.has(make) || own.elsewhere.makes.has(make);
  const noted: NotedItem[] = [];
  const context = [...own.makes].filter((make) => !keep(make));
  const mine = (name: string) => !own.others.has(name);
  const models = [...own.models].map((key) => key.replace("|", " ")).filter(mine);
  const names = models.length > 0 ? models : context.filter(mine).filter((make) => ![...own.others].some((other) => other.startsWith(make)));
  if (names.length > 0) noted.push({ text: `Din nuvarande eller tidigare bil: ${names.join(", ")}`, quote: null, steers: false });
  const others = [...own.others].filter((name) => ![...own.others].some((other) => other !== name && other.startsWith(name)));
  if (others.length > 0) noted.push({ text: `Någon annans bil (inget krav): ${others.join(", ")}`, quote: null, steers: false });
  const dualClutch = DUAL_CLUTCH.exec(description);
  if (dualClutch !== null) noted.push({ text: "Undvik dubbelkopplingslåda (DSG)", quote: dualClutch[0], steers: false });
  const hard = { ...requirements.hard, requiredMakes: requirements.hard.requiredMakes.filter(keep) };
  if (hard.minModelYear !== undefined && own.years.has(hard.minModelYear) && !own.elsewhere.years.has(hard.minModelYear)) delete hard.minModelYear;
  return {
    ...requirements,
    hard,
    preferredMakes: requirements.preferredMakes.filter(keep),
    namedModels: requirements.namedModels.filter((key) => !own.models.has(key)),
    noted: [...requirements.noted, ...noted].slice(0, 40),
  };
}
