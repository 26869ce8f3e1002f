import { formatNumber, formatSek, starsWord } from "#app/lib/format";
import type { BuyerRequirements } from "#app/lib/requirements";
import type { Candidate } from "./candidates.server";
import { knownNcap, shortName } from "./facts-text.server";
import { isVerified, thirdRowIn } from "#app/server/cars/variant.server";

// Needs with no field of their own (a dog, screens, the cold), read from the noted items and never turned against the buyer.

const noted = (req: BuyerRequirements, label: RegExp) => req.noted.some((item) => label.test(item.text));

const wantsButtons = (req: BuyerRequirements) => noted(req, /^(?:Inte|Helst inte): stor skärm$|^(?!(?:Inte|Helst inte):).*fysiska knappar$/u);
const hasDog = (req: BuyerRequirements) => noted(req, /(^|: )hund$/u);
const wantsColdStart = (req: BuyerRequirements) => noted(req, /motorvärmare|kallstart i kyla/u);

const SCREEN_PRAISE = /pekskärm\p{L}*|virtual cockpit|stor\p{L}* skärm\p{L}*|digital\p{L}* (?:förarmiljö|instrument\p{L}*|cockpit)/iu;
const LACKS_HEIGHT = /utan[^.;]{0,30}(?:höjd\p{L}*|markfrigång)|lägre kaross/iu;

const EASY_ENTRY = /lätt att kliva (?:i|in|ur)/iu;
const careForEntry = (req: BuyerRequirements) =>
  (req.wishes.highSeating ?? 0) > 0 || noted(req, /kliva i och ur$/u) || (req.usage.driverAge ?? 0) >= SENIOR_AGE;
const SENIOR_AGE = 65;

export function needsAllow(text: string, req: BuyerRequirements): boolean {
  if (EASY_ENTRY.test(text) && !careForEntry(req)) return false;
  if (wantsButtons(req) && SCREEN_PRAISE.test(text) && !/saknar|krånglig|frysa|fel/iu.test(text)) return false;
  if ((req.wishes.groundClearance ?? 0) > 0 && LACKS_HEIGHT.test(text)) return false;
  return true;
}

export function familyBootSentence(c: Candidate, req: BuyerRequirements): string | null {
  const litres = c.window.body.bootLitres ?? 0;
  if (!req.situation.kids || c.variant.seats < 5 || litres < 500) return null;
  const boot = `${isVerified(c.variant, "bootLitres") ? "" : "cirka "}${formatNumber(litres)} liter bagage`;
  const name = shortName(c.variant);
  if (rowInUse(c, req))
    return `De ${boot} i ${name} gäller med tredje raden fälld; med alla ${c.variant.seats} säten uppe är bagaget litet, så barnvagn och packning samtidigt kräver takbox.`;
  if (!hasDog(req)) return `Med barn i bilen ger ${boot} i ${name} plats för barnvagn och packning samtidigt.`;
  return litres >= 700
    ? `Med ${boot} rymmer ${name} både hundburen och barnvagnen, men mät buren mot bagageöppningen före köpet.`
    : `Med ${boot} rymmer ${name} hundburen eller barnvagnen, men knappast båda samtidigt; en takbox tar barnvagnen eller packningen.`;
}

/** The buyer needs more than five seats and this car's extra ones are a third row in its boot. */
export const rowInUse = (c: Candidate, req: BuyerRequirements) => (req.hard.minSeats ?? 0) > 5 && thirdRowIn(c.variant, c.window.body.type) !== undefined;

export function pickupDogCon(c: Candidate, req: BuyerRequirements): string | null {
  if (!hasDog(req) || c.window.body.type !== "pickup" || c.window.body.bootLitres !== null) return null;
  return `På det öppna flaket i ${shortName(c.variant)} står hundburen i regn, kyla och fartvind, så räkna med en flakkåpa för hunden.`;
}

export function coldStartNote(c: Candidate, req: BuyerRequirements): string | null {
  if (!wantsColdStart(req)) return null;
  const name = shortName(c.variant);
  if (c.variant.fuel === "el") return `Fråga om ${name} har förvärmning av kupé och batteri från appen eller timern, så den är varm när du åker i kylan.`;
  return `Fråga om ${name} har motorvärmare, gärna med kupévärmare: i stark kyla skonar den motorn och ger varm kupé och fria rutor från start.`;
}

export const YOUNG_DRIVER_AGE = 25;

/** A young driver's premium is our estimate from the car's class and power: said as one, ranked against the list, a con only when dearer than most. */
export function youngInsurance(c: Candidate, req: BuyerRequirements, peers: readonly Candidate[] = []): { text: string; dearer: boolean } | null {
  const age = req.usage.driverAge;
  if (age === undefined || age >= YOUNG_DRIVER_AGE) return null;
  const others = peers.filter((peer) => peer.variant.id !== c.variant.id).map((peer) => peer.costs.insurance);
  const own = c.costs.insurance;
  const most = (beats: (other: number) => boolean) => others.length >= 2 && others.filter(beats).length > others.length / 2;
  const dearer = most((other) => other * 1.1 <= own);
  const cheaper = most((other) => own * 1.1 <= other);
  const rank = dearer ? ", mer än för de flesta av förslagen" : cheaper ? ", mindre än för de flesta av förslagen" : "";
  return {
    text: `Som ${req.situation.newDriver ? `ny förare på ${age} år` : `${age}-åring`} räknar vi med cirka ${formatSek(own)} per år i försäkring för ${shortName(c.variant)}${rank}; det är en uppskattning från bilens klass och effekt, så begär en offert före köpet.`,
    dearer: dearer || others.length < 2,
  };
}

/** Euro NCAP's stars compare cars of one weight class: a minicar's five do not protect like a heavier car's in a crash between them. */
export function miniCrashNote(c: Candidate, req: BuyerRequirements): string | null {
  const ncap = knownNcap(c.variant);
  if (c.variant.size !== "mini" || !ncap || ((req.wishes.safety ?? 0) <= 0 && !req.situation.kids)) return null;
  const kg = `${isVerified(c.variant, "curbWeightKg") ? "" : "cirka "}${formatNumber(c.variant.curbWeightKg)} kg`;
  return `Euro NCAP jämför bilar i samma viktklass, så ${shortName(c.variant)} fick sina ${ncap.stars} ${starsWord(ncap.stars)} som minibil; i en krock med en tyngre bil skyddar en bil på ${kg} sämre.`;
}
