import type { BuyerSituation, HardRequirements } from "#app/lib/requirements";
import { OTHER_OWNERS } from "./markers.server";

// A refusal is tried before the plain mention, so "utan laddbox" is never read as "laddbox".

const NEG = String.raw`(?:inte|int|ente|itte|ej|ingen|inget|inge|inga|ingenstans|utan|saknar|saknas|aldrig|no|not|nowhere|without)`;
const GAP = String.raw`(?:[^\s.!?]+ ){0,2}`;

const CHARGER = String.raw`(?:laddbox\S*|laddmöjlighet\S*|laddplats\S*|laddstolpe\S*|ladduttag\S*|laddare|laddning|wallbox|hemmaladd\S*|möjlighet att ladda|ladda|laddar)`;
const NO_HOME_CHARGING = [
  // "utan att ladda (mer än en gång)" is about a trip; "utan att ladda hemma" still refuses.
  new RegExp(String.raw`(?!utan att ladda\S*(?=\s|$)(?! hemma))${NEG} ${GAP}${CHARGER}`, "u"),
  new RegExp(String.raw`\b(?:kan|går|får) (?:\S+ )?(?:inte|ej) ladda`, "u"),
  new RegExp(String.raw`ladda\S* [^.!?]*\b(?:men|fast) (?:\S+ )?${NEG} hemma`, "u"),
  new RegExp(String.raw`${CHARGER} (?:finns|har vi|har jag) [^.!?]*\b(?:inte|ej) hemma\b`, "u"),
  new RegExp(String.raw`${CHARGER} (?:\S+ ){0,2}(?:går|gick|funkar|finns|kan vi|kan jag) (?:\S+ )?${NEG}\b`, "u"),
];
/** "ingen laddbox än, men det går att sätta upp": a charger that can be put up is charging at home. */
const CAN_PUT_UP = String.raw`(?:går (?:det )?att|kan (?:vi|jag)|vi kan|jag kan|möjlighet att|planerar att|tänker) (?:(?!inte |ej )\S+ )?(?:sätta upp|installera|montera|dra in|fixa|ordna|skaffa)\b`;
const CHARGER_POSSIBLE = [new RegExp(String.raw`${CHARGER}[^.!?]*\b${CAN_PUT_UP}`, "u"), new RegExp(String.raw`\b${CAN_PUT_UP} (?:\S+ ){0,2}${CHARGER}`, "u")];
const HOME_CHARGING = [
  /\b(?:laddbox\S*|wallbox|hemmaladd\S*|egen laddare|ladduttag\S*)/u,
  /\bladda\S* (?:\S+ ){0,3}(?:hemma|i garaget|vid huset|på uppfarten|på tomten)/u,
  /\b(?:laddstolpe|laddplats)\S* (?:\S+ ){0,3}hemma/u,
  /\bhemma (?:\S+ )?(?:laddstolpe|laddplats|laddare)/u,
  /\b(?:har|finns) (?:\S+ ){0,2}(?:laddstolpe|laddplats)\S*/u,
  /\b(?:villa|villan|hus|huset|radhus\S*|garage\S*|gården)\b[^.!?]*\bkan (?:vi |jag )?ladda\b/u,
  /\bhome charging\b|\bcharge at home\b/u,
  /\b(?:laddning|laddmöjlighet\S*) hemma\b/u,
];

const COMPANY = String.raw`(?:tjänstebil\S*|förmånsbil\S*|firmabil\S*|företagsbil\S*|company car\S*)`;
const PRIVATE = [
  new RegExp(String.raw`${NEG} ${GAP}${COMPANY}`, "u"),
  /\b(?:köper|köpa|köps|ska köpas|betalar) (?:\S+ )?privat/u,
  /\bprivat ?(?:köp|person|ägd|bil)\S*/u,
  /\b(?:bara|är|e) (?:\S+ )?privat\b/u,
  /\b(?:blir|bli|blev) (?:det |den )?privat\b|\begna pengar\b|\begen ficka\b|\begen plånbok\b/u,
];
/** The buyer's own company car, now or before, then this car set apart ("har förmånsbil via jobbet så det här blir …"). */
const OWN_COMPANY_CAR = new RegExp(
  String.raw`\b(?:har|hade|haft|kör|kört|körde)(?: [^\s.!?]+){0,2} (?:en |ett )?${COMPANY}(?: (?:från|via|genom) (?:jobbet|firman|företaget|arbetsgivaren))?`,
  "u",
);
const SET_APART = /\b(?:så|men|nu|det här|den här|denna|till (?:frugan|frun|sambon|mannen|maken|sonen|dottern|min \S+))\b/u;
/** Someone else's company car or a used ex-company car: not this car's tax. */
const OTHER_COMPANY_CAR = new RegExp(
  String.raw`\b(?:(?:${OTHER_OWNERS.join("|")}) (?:kör|har) |begagnad |begagnade |före detta |f d |ex )(?:en )?${COMPANY}(?: (?:från|via|genom) (?:jobbet|firman|företaget|arbetsgivaren))?`,
  "gu",
);
/** A benefit car, an employer's or an AB's; a sole trader's car ("egen firma", "enskild firma") carries no förmånsvärde. */
const COMPANY_CAR = [
  new RegExp(COMPANY, "u"),
  /\bförmånsvärde\S*|\bförmånsbeskatt\S*|\bbilförmån\S*/u,
  /\b(?:via|genom|från) (?:jobbet|arbetsgivaren)\b/u,
  /\b(?:eget|mitt|vårt|ett) (?:aktiebolag|ab)\b|\b(?:går|gå|köps|köpa|ägs) (?:på|via|genom|i) (?:bolaget|aktiebolaget|ab[:e]?t)\b/u,
  /\bleasas (?:som|via|genom)\b/u,
];

const REAR = String.raw`(?:bakhjulsdr\S*|bakhjulsdriv\S*|rwd|rear wheel drive)`;
const FRONT = String.raw`(?:framhjulsdr\S*|framhjulsdriv\S*|fwd|front wheel drive)`;

const EXCLUSIVE_EXAMPLES = /\bamg\b|\b(?:typ|som|à la|a la|likt|i klass med) (?:en |ett )?(?:porsche|maserati|bentley|ferrari|range rover)\b/u;
const TIER_NEGATED = new RegExp(String.raw`${NEG} ${GAP}(?:vara )?(?:premium|lyx|exklusiv)`, "u");

/** Children by any name ("töserna", "våra tre grabbar"); grandchildren along now and then are not the household's. */
const KIDS_BY_NAME =
  /\b(?:(?:kille|tjej|pojke|flicka|son|dotter|grabb) på (?:[1-9]|1[0-7])(?= |$)|stora familjen|barnfamilj\S*|töser|töserna|tösen|pågar|pågarna|tvilling\S*|family car|familjeliv|familj på (?:tre|fyra|fem|sex|sju|åtta|\d)|(?:tre|fyra|fem|sex|sju|[3-9]) i familjen|(?:våra|mina|två|tre|fyra|[2-9]) (?:grabbar|pojkar|flickor|tjejer|killar|döttrar|söner))\b/u;
const KIDS =
  /\b(?:barn|barnen|barnens|ungar|ungarna|ungen|småbarn\S*|bebis\S*|bäbis\S*|barnvagn\S*|barnstol\S*|bilbarnstol\S*|bakåtvänd\S*|isofix|kids|children|child|baby|babies|toddler\S*|tonåring\S*)\b/u;
const NO_KIDS = new RegExp(String.raw`${NEG} ${GAP}(?:barn|ungar|kids|children)\b`, "u");
/** Grown children, and children one visits, say nothing of who rides along. */
const KIDS_GONE =
  /\b(?:utflugna|har flyttat (?:ut|hemifrån)|flyttat hemifrån|är vuxna|moved out|grown up|(?:barnen|ungarna|ungar|barn) (?:är|e) (?:stora|store|vuxna|utflugna)(?: nu)?)\b/u;
const KIDS_VISITED = /\b(?:ner|upp|hem|åker|åka|hälsa på|besöka) (?:till )?barnen\b/u;
const ONLY_ADULTS = /\b(?:bara (?:jag|ja) (?:och|o|å) (?:sambon|frun|frugan|mannen|maken|min (?:fru|man|sambo))|vi (?:är|e) bara två)\b/u;

/** Taxi or ride-hailing work: both need a taxi licence and a taxi-registered car in Sweden. */
const TAXI_WORK = String.raw`(?:taxi\S*|uber\S*|bolt|bolt-?förare|ride-?hailing|samåkningsapp\S*|beställningstrafik)`;
const TAXI = new RegExp(String.raw`\b${TAXI_WORK}(?=\s|$)`, "u");
const NO_TAXI = new RegExp(String.raw`${NEG} (?:[^\s.!?]+ ){0,4}${TAXI_WORK}(?=\s|$)`, "u");
/** A licence got lately, about to be got, or held a short while; "tog körkort för 20 år sen" and "i 5 år" are no new driver. */
const LICENCE = String.raw`(?:b-?)?(?:körkort\S*|korkort\S*|lappen|kortet|licen[cs]e|driver'?s licen[cs]e)`;
const GOT = String.raw`(?:tog|tagit|tagi|fick|fått|fåt|klarade|klarat|har tagit|har fått|took|got|passed)`;
const DAYS = String.raw`(?:måndags|tisdags|onsdags|torsdags|fredags|lördags|söndags|somras|våras|höstas|vintras)`;
const RECENT = String.raw`(?:nyss|precis|just|förra (?:veckan|månaden|året|helgen)|i ${DAYS}|sen i ${DAYS}|för (?:\S+ )?(?:dagar|dar|veckor|vecka|månader|månad|mån) sen|last (?:week|month))`;
const NEW_DRIVER = new RegExp(
  [
    String.raw`\b(?:nytt körkort|nyblivne? (?:förare|bilist)|färsk förare|första bilen|ny på vägarna|övningskör\S*|fyller (?:18|arton))`,
    String.raw`\b${RECENT} (?:\S+ )?${GOT} ${LICENCE}`,
    String.raw`\b${GOT} ${LICENCE} ${RECENT}`,
    String.raw`\b(?:ska|skall|ska snart|tänker|tar|ta) (?:ta )?${LICENCE}`,
    String.raw`\b(?:har )?(?:bara |endast )?haft ${LICENCE} (?:i |sen )?(?:ett halvår|ett år|1 år|två år|2 år|ett par månader|\S+ (?:månader|mån|veckor))`,
    String.raw`\b${LICENCE} sen (?:i ${DAYS}|förra (?:veckan|månaden|året))`,
  ].join("|"),
  "u",
);

/** Seats side by side in the rear ("tre barnstolar bredvid varandra", "två babyskydd och en bältesstol i bredd", "alla tre bredvid varann"). */
const ACROSS = /\b(?:bredvid varandra|bredvid varann|sida vid sida|i bredd|side by side|i baksätet)\b/u;
const COUNTS: Readonly<Record<string, number>> = { en: 1, ett: 1, två: 2, tre: 3, fyra: 4, "1": 1, "2": 2, "3": 3, "4": 4 };
const CHILD_SEAT = /^(?:bil)?(?:barnstol\S*|bilstol\S*|babyskydd\S*|bältesstol\S*|bälteskudd\S*|bältesdyn\S*|stolar|säten|car ?seats?)$/u;
const CHILD = /^(?:barn|barnen|ungar|ungarna|småbarn|kids|children)$/u;
const MIN_ACROSS = 2;
const MAX_ACROSS = 4;

function childSeatsAcross(description: string): number | undefined {
  for (const sentence of normalise(description).split(/[.!?]+/u)) {
    const at = sentence.search(ACROSS);
    if (at < 0) continue;
    const words = sentence.slice(0, at).split(" ").filter(Boolean);
    let seats = 0;
    let children: number | undefined;
    for (const [index, word] of words.entries()) {
      const count = COUNTS[word];
      if (count === undefined) continue;
      const next = words.slice(index + 1, index + 3);
      if (next.some((later) => CHILD_SEAT.test(later))) seats += count;
      else if (count > 1 && (next.some((later) => CHILD.test(later)) || words[index - 1] === "alla")) children = count;
    }
    const across = seats >= MIN_ACROSS ? seats : children;
    if (across !== undefined && across >= MIN_ACROSS) return Math.min(across, MAX_ACROSS);
  }
  return undefined;
}

const any = (patterns: readonly RegExp[], text: string) => patterns.some((pattern) => pattern.test(text));

function normalise(description: string): string {
  return description
    .toLowerCase()
    .replace(/[,;:()"“”]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

export function readSituation(description: string, hard: HardRequirements, found: { awdWish: boolean; trailerTotalKg?: number }): BuyerSituation {
  const text = normalise(description);
  const situation: BuyerSituation = {};
  if (any(CHARGER_POSSIBLE, text)) situation.homeCharging = true;
  else if (any(NO_HOME_CHARGING, text)) situation.homeCharging = false;
  else if (any(HOME_CHARGING, text)) situation.homeCharging = true;
  const others = text.replace(OTHER_COMPANY_CAR, " ");
  const own = OWN_COMPANY_CAR.exec(others);
  const rest = own === null ? others : others.slice(0, own.index) + " " + others.slice(own.index + own[0].length);
  if (any(PRIVATE, text)) situation.companyCar = false;
  else if (any(COMPANY_CAR, rest)) situation.companyCar = true;
  else if (own !== null) {
    if (SET_APART.test(others.slice(own.index + own[0].length))) situation.companyCar = false;
  }

  const rear = new RegExp(REAR, "u").test(text) && !new RegExp(`${NEG} ${GAP}${REAR}`, "u").test(text);
  const front = new RegExp(FRONT, "u").test(text) && !new RegExp(`${NEG} ${GAP}${FRONT}`, "u").test(text);
  if (rear) situation.drive = "rwd";
  else if (front) situation.drive = "fwd";
  else if (hard.awd || found.awdWish) situation.drive = "awd";

  if (!TIER_NEGATED.test(text)) {
    if (/exklusiv/u.test(text)) situation.tier = "exclusive";
    else if (/premium|lyx/u.test(text)) situation.tier = "premium";
    // "Typ Porsche eller AMG": the class of car, named by its best-known examples.
    else if (EXCLUSIVE_EXAMPLES.test(text)) situation.tier = "exclusive";
  }

  if (NO_KIDS.test(text) || ONLY_ADULTS.test(text)) situation.kids = false;
  else if ((KIDS.test(text) || KIDS_BY_NAME.test(text)) && !KIDS_GONE.test(text) && !KIDS_VISITED.test(text)) situation.kids = true;
  if (found.trailerTotalKg !== undefined) situation.trailerTotalKg = found.trailerTotalKg;
  if (TAXI.test(text) && !NO_TAXI.test(text)) situation.taxi = true;
  const across = childSeatsAcross(description);
  if (across !== undefined) situation.childSeatsAcross = across;
  if (NEW_DRIVER.test(text)) situation.newDriver = true;
  return situation;
}
