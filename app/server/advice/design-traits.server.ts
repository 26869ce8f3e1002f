import type { BuyerRequirements } from "#app/lib/requirements";

// "Vanliga fel" lists what breaks, wears or fails; how a car is built is a trait, said in the analysis when it bears on the buyer.

const TRAIT = new RegExp(
  [
    "tredje rad\\p{L}*",
    "(?<![\\p{L}])(?:litet|liten|lilla|trångt|trång|trånga|begränsat|mindre|smalt) (?:bagage\\p{L}*|baksäte\\p{L}*|lastutrymme\\p{L}*)",
    "(?:bagage\\p{L}*|baksäte\\p{L}*)[^.;]{0,40}?(?<![\\p{L}])(?:trångt|trång|trånga|litet|lågt|mindre)(?![\\p{L}])",
    "euro ncap",
    "(?<![\\p{L}])(?:hård|hårda|fast|fastare|stötig\\p{L}*|studsig) (?:fjädring|plast\\p{L}*|gång|chassi)",
    "stötig\\p{L}*",
    "bullrig\\p{L}*|högljudd|vägbuller|däckbuller|vindbrus|vägljud|ljudisoler\\p{L}*",
    "begagnatpris\\p{L}*|restvärde\\p{L}*|andrahandsvärde\\p{L}*",
    "dragkrok\\p{L}*|dragvikt|(?<![\\p{L}])släp(?![\\p{L}])|(?<![\\p{L}])dra (?:cirka |bara |högst )*\\d[\\d \\u00a0]*kg",
    "ingen bil för|(?<![\\p{L}])passar (?:bara|främst|bäst för) barn",
    "låg takhöjd|lågt tak",
    "räckvidd\\p{L}*[^.;]{0,40}?(?<![\\p{L}])korta?(?![\\p{L}])",
    "vridreglage|fysiska knappar|omodern\\p{L}*|gammalmodig\\p{L}*|motorljud\\p{L}*",
    "(?<![\\p{N}])\\d{2,3} hk(?![\\p{L}])",
    // Boot size, trailer approval, sight lines, a dashboard's layout and theft risk are how the car is built or lives, not what breaks.
    "\\d[\\d \\u00a0]*\\s*liter (?:bagage|per mil)|rymmer[^.;]{0,40}?\\d[\\d \\u00a0]*\\s*liter",
    "godkänd för (?:släp\\p{L}*|dragkrok)|släpvagn\\p{L}*",
    "(?:dålig|begränsad|skymd|sämre)\\p{L}* (?:\\p{L}+ )?sikt|sikt\\p{L}* bakåt|bakre sikt\\p{L}*|delade? bakrut\\p{L}*",
    "i två våningar|vänja sig vid",
    "stöldbenägen|stöldutsatt|stjäls",
  ].join("|"),
  "iu",
);
const FAULT = new RegExp(
  "(?<![\\p{L}])(?:slits|slitna|sliter|går sönder|gå sönder|läcker|läckage|rost\\p{L}*|spricker|sprick\\p{L}*|havererar|haveri\\p{L}*|glapp|kärvar|lossnar|brister|slutar|kan|fel|felet|felen|byte|byten|däckbyten|byta)(?![\\p{L}])",
  "iu",
);

const TASTE = /(?<![\p{L}])design\p{L}*[^.;]{0,40}omdiskuterad/iu;

// Fuel use, tax, charging, range, noise and pull are how the car is built, even beside a "kan" ("kan gå på bensin vid kyla").
const OWN_TRAIT =
  /förbrukning\p{L}*|drar mycket bränsle|törstig\p{L}*|(?<![\p{L}])skatt\p{L}*|dieseltillägg|laddning sker|laddeffekt|(?:går|gå) på bensin vid kyla|mil el|vintertid|låter mycket|låter (?:grovt|högt|ansträngt)|varvar högt|(?<![\p{L}])(?:svag|seg|ansträngd)(?: vid| med|(?![\p{L}]))|krymper|sidohängd|beröringskänslig/iu;
const DAMAGE = new RegExp(FAULT.source.replace("|kan|", "|"), "iu");

export function isDesignTrait(text: string): boolean {
  return TASTE.test(text) || (TRAIT.test(text) && !FAULT.test(text)) || (OWN_TRAIT.test(text) && !DAMAGE.test(text));
}

const THIRD_ROW = /tredje rad|sjusits|sju säten/iu;
const TOWING = /dragkrok|dragvikt|släp|husvagn|hästtransport/iu;
const CHILD_SEATS = /barnstol\p{L}*|bilbarnstol\p{L}*|babyskydd|bälteskudd\p{L}*|isofix|barnvagn\p{L}*/iu;
const NCAP = /euro ncap/iu;

const tows = (req: BuyerRequirements) => req.hard.minTowingKg !== undefined || req.situation.trailerTotalKg !== undefined || (req.wishes.towing ?? 0) > 0;
const TOWING_WEIGHT = /(?<![\p{L}])(?:dra|drar|dragvikt\p{L}*)(?:\s+\p{L}+){0,3}\s+\d[\d \u00a0]*kg|tunga? släp/iu;
export const heavyTowing = (req: BuyerRequirements) =>
  Math.max(req.hard.minTowingKg ?? 0, req.situation.trailerTotalKg ?? 0) >= HEAVY_TRAILER_KG || (req.wishes.towing ?? 0) >= 0.9;
const HEAVY_TRAILER_KG = 1_000;
const hasChildren = (req: BuyerRequirements) => req.situation.kids === true || req.situation.childSeatsAcross !== undefined;

const CITY = /(?<![\p{L}])(?:i stan|i staden|stadstrafik\p{L}*|stadsfart\p{L}*|stadskörning\p{L}*|stadsbil\p{L}*)(?![\p{L}])/iu;
const COMMUTE = /(?<![\p{L}])pendl\p{L}*/iu;
const HEAVY_DRIVING_MIL = 1_800;
const drivesInTown = (req: BuyerRequirements) => (req.wishes.cityFriendly ?? 0) > 0 || req.usage.area === "storstad";
const drivesFar = (req: BuyerRequirements) => (req.wishes.longTrips ?? 0) > 0 || (req.usage.milPerYearStated && req.usage.milPerYear >= HEAVY_DRIVING_MIL);
const commutes = (req: BuyerRequirements) =>
  req.reading.items.some((item) => item.quote !== null && COMMUTE.test(item.quote)) ||
  (req.usage.milPerYearStated && req.usage.milPerYear >= HEAVY_DRIVING_MIL);

/** A sentence about a situation (a third row, a trailer, child seats, town or commuting) is said only to a buyer the reading holds it for. */
export function bearsOn(text: string, req: BuyerRequirements): boolean {
  if (CITY.test(text) && drivesFar(req) && !drivesInTown(req)) return false;
  if (COMMUTE.test(text) && !commutes(req)) return false;
  if (THIRD_ROW.test(text)) return (req.hard.minSeats ?? 0) > 5 || hasChildren(req);
  if (TOWING_WEIGHT.test(text)) return heavyTowing(req);
  if (TOWING.test(text)) return tows(req);
  if (CHILD_SEATS.test(text)) return hasChildren(req);
  return true;
}

export function traitBearsOn(text: string, req: BuyerRequirements, said: string): boolean {
  if (NCAP.test(text)) return !NCAP.test(said);
  return bearsOn(text, req);
}
