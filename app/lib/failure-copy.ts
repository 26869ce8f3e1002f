import { BLOCKET_PRICE_FILTER_CAP } from "./blocket-price-cap";
import { formatNumber, formatSek } from "./format";
import type { FallbackReason, JobFailureCode } from "./creation-job";

/** The domain returns codes (stored rows too); pages and routes put them into Swedish here. */

export function formatWait(seconds: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (seconds < 120) return plural(Math.max(1, Math.ceil(seconds)), "sekund", "sekunder");
  if (seconds < 2 * 3600) return plural(Math.ceil(seconds / 60), "minut", "minuter");
  return plural(Math.ceil(seconds / 3600), "timme", "timmar");
}

export const JOB_FAILURE_COPY: Record<JobFailureCode, string> = {
  timeout: "AI-tjänsten svarade inte i tid, så inga förslag har sparats. Försök igen om en stund.",
  busy: "AI-tjänsten är hårt belastad just nu, så inga förslag har sparats. Vänta en stund och försök igen.",
  quota: "Drömbils AI-kvot hos leverantören är slut för stunden, så inga förslag har sparats. Vi har fått larm om det; försök igen senare.",
  unavailable: "AI-tjänsten går inte att nå just nu, så inga förslag har sparats. Försök igen om en stund.",
  "model-unavailable":
    "AI-tjänsten kan inte användas just nu på grund av ett fel i vår inställning, så inga förslag har sparats. Vi har fått larm om det; försök igen senare.",
  "invalid-answer": "AI-tjänsten gav ett svar som inte gick att använda, så inga förslag har sparats. Försök igen.",
  "save-failed": "Vi kunde inte spara din rekommendation, så inget har sparats. Försök igen om en stund.",
  interrupted: "Arbetet med din rekommendation avbröts innan den blev klar, så inget har sparats. Försök igen.",
};

/** An unknown code (a newer deploy's) reads as interrupted. */
export function jobFailureMessage(code: string | null | undefined): string {
  return code && Object.hasOwn(JOB_FAILURE_COPY, code) ? JOB_FAILURE_COPY[code as JobFailureCode] : JOB_FAILURE_COPY.interrupted;
}

/** Why the model did not answer, following "AI-tjänsten var inte tillgänglig när förslagen togs fram, …". */
const FALLBACK_CAUSE: Record<FallbackReason, string> = {
  budget: "eftersom Drömbil hade nått dagens gräns för AI-förslag",
  quota: "eftersom Drömbils AI-kvot hos leverantören var slut",
  busy: "eftersom den var hårt belastad",
  unavailable: "eftersom den inte gick att nå",
  timeout: "eftersom den inte svarade i tid",
  "model-unavailable": "på grund av ett fel i vår inställning av den",
  "empty-answer": "eftersom den gav tomma svar med vår inställning",
};

/** The result page's notice when the local engine answered a create meant for the model. */
export const FALLBACK_COPY = {
  heading: "Förslagen kommer från vår egen regelmotor",
  body: (reason: FallbackReason) =>
    `AI-tjänsten var inte tillgänglig när förslagen togs fram, ${FALLBACK_CAUSE[reason]}. Regelmotorn väljer bland samma bilar, med samma krav och samma kostnadskalkyler, men urvalet och texterna är inte skrivna av AI.`,
} as const;

export const START_FAILURE_COPY = {
  "unclear-wish": "Vi förstod inte beskrivningen. Skriv med egna ord vad bilen ska klara, till exempel hur många ni är, hur långt du kör och om du drar släp.",
  "no-match": "Ingen bil i vår katalog uppfyller alla dina krav.",
  "no-match-kids":
    "Du skrev att barn ska åka med, och ingen bil som uppfyller dina övriga krav har plats för dem: de har högst tre säten. Välj en annan karosstyp, till exempel familjebuss eller kombi, eller skriv om beskrivningen om barnen inte ska åka med.",
  "no-match-taxi":
    "För taxi och samåkning behövs minst fem säten, och ingen bil som uppfyller dina övriga krav har det. Höj budgeten eller ta bort ett krav, till exempel karosstypen.",
  "no-match-child-seats":
    "Tre barnstolar bredvid varandra kräver minst fem säten, och ingen bil som uppfyller dina övriga krav har det. Höj budgeten eller ta bort ett krav, till exempel karosstypen.",
  "no-match-child-row":
    "De bilar som uppfyller dina övriga krav får sina extra säten från en bakåtvänd barnstolsrad i bagageutrymmet, som bara passar små barn. Ska små barn i bilbarnstol sitta där, skriv det i beskrivningen; annars höj budgeten eller välj en annan karosstyp, till exempel SUV eller familjebuss.",
  "no-match-winter-range":
    "Ingen elbil som uppfyller dina övriga krav klarar den räckvidd du angav i vinterkyla, när räckvidden sjunker med en fjärdedel till en tredjedel. Höj budgeten, sänk kravet på räckvidd eller välj en laddhybrid.",
  "no-match-trailer": "Ingen bil som uppfyller dina övriga krav får dra ett släp så tungt som det du angav. Höj budgeten eller ta bort ett annat krav.",
  "start-failed": "Vi kunde inte starta din rekommendation just nu. Inget har sparats – försök igen om en stund.",
} as const;

/** A wish that contradicts itself, by conflict code; the quotes are the buyer's own words, shortened. */
export const CONFLICT_COPY = {
  both: (a: string, b: string, question: string) => `Du skrev både "${a}" och "${b}". ${question}`,
  "body-required-and-excluded": "Vilken kaross gäller?",
  "size-required-and-excluded": "Vilken storlek gäller?",
  "fuel-required-and-excluded": "Vilket drivmedel gäller?",
  "make-required-and-excluded": "Vilka märken gäller?",
  "gearbox-both": "Vilken växellåda vill du ha?",
  "form-text": (formLabel: string, quote: string) => `I formuläret valde du ${formLabel}, men i beskrivningen står det "${quote}".`,
  "seats-too-many": (quote: string, maxSeats: number) => `"${quote}" är fler platser än en personbil har (högst ${maxSeats}).`,
  "seats-body": (quote: string, which: string) => `Du vill ha "${quote}", men ingen ${which} har så många platser.`,
  "towing-too-heavy": (quote: string, maxKg: string) => `"${quote}" är mer än en personbil får dra (högst ${maxKg} kg).`,
  "range-unrealistic": (quote: string) => `"${quote}" är längre än någon elbil går på en laddning i dag.`,
  "model-year-future": (quote: string, year: number) => `Du skrev "${quote}", men årsmodell ${year} finns inte ännu.`,
} as const;

/** Why fewer cars than a full list fit and what to relax; the phrases and numbers come from the catalogue. */
export const SHORTFALL_COPY = {
  none: (asked: string) => `Ingen bil i vår katalog uppfyller alla dina krav (${asked}).`,
  few: (fitting: number, wanted: number, asked: string) =>
    `Bara ${fitting} ${fitting === 1 ? "bil" : "bilar"} i vår katalog uppfyller alla dina krav (${asked}), så du får färre än ${wanted} förslag.`,
  "catalogue-only": (none: boolean, lacking: readonly string[]) =>
    ` Vår katalog har ${none ? "inga" : "inte fler"} bilar ${lacking.length > 0 ? `med ${lacking.join(" och ")} som uppfyller resten av dina krav` : "som passar"}; på Blocket kan det finnas modeller vi ännu inte har kontrollerade fakta om.`,
  ways: (ways: readonly string[]) =>
    ways.length > 0
      ? ` Vill du ha fler att välja mellan: ${ways.join(" eller ")}.`
      : " Varken högre budget eller ett eller två av de andra kraven ändrar det; flera krav behöver ändras samtidigt.",
  "raise-budget": (price: string, fitting: number) => `höj maxpriset till ${price} (då passar ${fitting})`,
  "drop-one": (requirement: string, fitting: number) => `släpp kravet på ${requirement} (då passar ${fitting})`,
  "drop-two": (a: string, b: string, fitting: number) => `släpp kraven på ${a} och ${b} (då passar ${fitting})`,
  "few-models": (models: number, wanted: number) =>
    `Bara ${models} ${models === 1 ? "bilmodell" : "bilmodeller"} i vår katalog uppfyller alla dina krav, så du får färre än ${wanted} förslag. Varje modell visas en gång; andra motorer och årsmodeller av samma modell som också passar nämns på dess kort.`,
} as const;

/** `-daily`: the refusing window is a day or longer. */
export type LimitCode = "ai" | "ai-daily" | "ai-ip" | "ai-ip-daily" | "ai-net" | "marketplace" | "image" | "poll" | "reading";

const LIMIT_COPY: Record<LimitCode, (wait: string, perDay: number) => string> = {
  ai: (wait) => `Du har nyss bett om nya bilförslag. Vänta ${wait} innan du försöker igen.`,
  "ai-daily": (wait, perDay) => `Du har beställt ${perDay} bilförslag det senaste dygnet, vilket är gränsen per konto. Försök igen om ${wait}.`,
  "ai-ip": (wait) => `Många bilförslag har beställts från din uppkoppling på kort tid. Vänta ${wait} innan du försöker igen.`,
  "ai-ip-daily": (wait) => `Många bilförslag har beställts från din uppkoppling det senaste dygnet. Försök igen om ${wait}.`,
  "ai-net": (wait) => `Många bilförslag har beställts från ditt nät på kort tid. Vänta ${wait} innan du försöker igen.`,
  marketplace: (wait) => `För många annonssökningar på kort tid. Vänta ${wait} och försök igen.`,
  image: (wait) => `För många bilder på kort tid. Vänta ${wait} och försök igen.`,
  poll: (wait) => `Sidan har lästs in väldigt många gånger på kort tid. Vänta ${wait} och ladda sedan om den.`,
  reading: (wait) =>
    `Du har skrivit och ändrat väldigt mycket på kort tid, så tolkningen visas inte just nu. Vänta ${wait}; du kan skicka formuläret som vanligt.`,
};

export const LIMIT_CODES = Object.keys(LIMIT_COPY) as LimitCode[];

/** `perDay` is the account's daily create limit, named only by "ai-daily". */
export function limitMessage(code: LimitCode, retryAfterSeconds: number, perDay = 0): string {
  return LIMIT_COPY[code](formatWait(retryAfterSeconds), perDay);
}

/** availability-text.ts checks every reason and detail code is here. */
export const AVAILABILITY_UNKNOWN_COPY = {
  timeout: "Blocket svarade inte i tid, så vi vet inte hur många annonser som finns just nu.",
  "rate-limited": "Blocket är hårt belastat just nu, så vi kunde inte räkna annonserna.",
  "server-error": "Blocket går inte att nå just nu, så vi vet inte hur många annonser som finns.",
  network: "Blocket går inte att nå just nu, så vi vet inte hur många annonser som finns.",
  "invalid-response": "Blocket gav ett svar vi inte kunde läsa, så vi vet inte hur många annonser som finns.",
  error: "Vi kunde inte kontrollera utbudet på Blocket just nu.",
  queued: "Vi hann inte fråga Blocket om den här bilen inom tidsgränsen, så vi vet inte hur många annonser som finns just nu.",
  "lookup-limit": "Du har gjort många annonssökningar på kort tid, så vi hoppade över kontrollen den här gången.",
  "price-cap": `Blocket filtrerar inte på priser över ${formatSek(BLOCKET_PRICE_FILTER_CAP)}, och bland annonserna vi hämtade låg ingen i vårt prisförslag, så vi vet inte hur många som finns.`,
} as const;

/** The marketplace switched off (MARKETPLACE_SOURCE=off): no ads looked for, and the score says so. */
export const UNCHECKED_COPY = {
  line: "Annonser kontrolleras inte just nu.",
  panel: "Vi hämtar inga annonser från Blocket för tillfället, så vi vet inte hur många som finns. Slutbetyget bygger därför bara på bilens eget betyg.",
  ads: "Annonser kontrolleras inte just nu.",
} as const;

/** Beside a count past Blocket's price filter: why it is "minst". */
export const PRICE_CAP_NOTE = `Blocket filtrerar inte på priser över ${formatSek(BLOCKET_PRICE_FILTER_CAP)}, så vi räknade själva bland annonserna vi hämtade. Det kan finnas fler.`;

export const DEGRADED_COPY = {
  "texts-from-facts": "AI-tjänsten kunde inte skriva om den här bilen just nu, så texterna här bygger enbart på bilens fakta.",
  "ads-unavailable": "Annonserna kunde inte hämtas.",
  "job-failed-heading": "Förslagen kunde inte tas fram",
} as const;

/** Grouped with plain spaces, as a buyer types them. */
const wholeKronor = (sek: number) => `${String(sek).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} kr`;

export const CREATE_FORM_COPY = {
  "description-missing": () => "Beskriv vilken bil du letar efter.",
  "description-too-short": (min: number) => `Beskriv dina önskemål med minst ${min} tecken.`,
  "description-too-long": (max: number) => `Beskrivningen får vara högst ${max} tecken.`,
  "price-not-a-number": () => "Ange ett maxpris i hela kronor, till exempel 250 000.",
  "price-not-whole": () => "Ange maxpriset i hela kronor, utan ören.",
  "price-too-low": (min: number) => `Maxpriset måste vara minst ${wholeKronor(min)}.`,
  "price-too-high": (max: number) => `Maxpriset får vara högst ${wholeKronor(max)}.`,
  "car-type-invalid": () => "Välj en karosstyp i listan.",
  "seller-type-invalid": () => "Välj en säljartyp i listan.",
} as const;

export const FORM_BODY_COPY = {
  "not-a-form": "Förfrågan måste skickas från ett formulär på Drömbil.",
  "too-large": "Formuläret är för stort. Korta ner texten och försök igen.",
  malformed: "Formuläret kunde inte läsas. Ladda om sidan och försök igen.",
  "cross-site": "Förfrågan kom inte från Drömbil och har stoppats.",
} as const;

/** The buyer's corrections to a reading, refused. */
export const READING_CORRECTION_COPY = {
  unreadable: "Tolkningen kunde inte läsas. Ladda om sidan och försök igen.",
  "invalid-values": "Några värden i tolkningen gick inte att använda. Rätta dem och skicka igen.",
  "out-of-range": (label: string, min: number, max: number, unit: string | undefined) =>
    `${label}: skriv ett heltal mellan ${formatNumber(min)} och ${formatNumber(max)}${unit ? ` ${unit}` : ""}.`,
  "add-what": "Välj vad du vill lägga till i listan.",
  "add-kind": "Välj om det du lägger till är ett krav eller ett önskemål.",
  "add-make": "Skriv ett bilmärke i rutan Värde, till exempel Volvo.",
  "unknown-make": (typed: string) => `Vi känner inte till märket ”${typed}”. Skriv ett märke som Volvo, Toyota eller Tesla.`,
  "hard-only": (label: string) => `${label} kan bara vara ett krav: en bil klarar det eller inte. Välj Krav, eller lägg inte till det.`,
  "wish-only": (label: string) => `${label} kan bara vara ett önskemål. Välj Önskemål.`,
} as const;

export const IMAGE_COPY = {
  unavailable: "Bilden kan inte hämtas just nu. Försök igen om en stund.",
  failed: "Bilden kunde inte hämtas.",
  gone: "Bilden finns inte längre.",
  slow: "Bilden tog för lång tid att hämta.",
  refused: "Bilden kan inte visas via Drömbil.",
  off: "Annonsbilder visas inte just nu.",
} as const;

export const ACCOUNT_DELETION_COPY = {
  "database-unavailable": "Vi kunde inte radera ditt konto just nu. Inget har raderats. Försök igen om en stund.",
  "clerk-unavailable":
    "Dina sparade rekommendationer och önskemål är raderade, men kontot hos vår inloggningstjänst kunde inte tas bort just nu. Försök igen om en stund.",
} as const;

/** Codes our own pages surface; Clerk's widgets localise their own (svSE). */
export const CLERK_ERROR_COPY: Record<string, string> = {
  form_identifier_not_found: "Vi hittar inget konto med den e-postadressen.",
  form_password_incorrect: "Fel lösenord. Försök igen eller återställ lösenordet.",
  form_password_pwned: "Lösenordet har förekommit i en dataläcka. Välj ett annat lösenord.",
  form_password_length_too_short: "Lösenordet är för kort.",
  form_identifier_exists: "Det finns redan ett konto med den e-postadressen. Logga in i stället.",
  form_param_format_invalid: "Kontrollera att uppgifterna är rätt ifyllda.",
  form_code_incorrect: "Koden stämmer inte. Kontrollera den och försök igen.",
  verification_expired: "Verifieringen har gått ut. Begär en ny kod.",
  session_exists: "Du är redan inloggad.",
  identifier_already_signed_in: "Du är redan inloggad med det här kontot.",
  not_allowed_access: "Den här e-postadressen får inte logga in på Drömbil.",
  user_locked: "Kontot är tillfälligt låst efter för många försök. Vänta en stund och försök igen.",
  too_many_requests: "För många försök. Vänta en stund och försök igen.",
  authentication_invalid: "Inloggningen kunde inte verifieras. Logga in igen.",
};

export const GENERIC_CLERK_ERROR = "Inloggningen misslyckades. Försök igen om en stund.";

export const MISCONFIGURED_COPY = {
  title: "Tjänsten är inte tillgänglig",
  heading: "Drömbil är inte tillgängligt just nu",
  body: "Tjänsten är inte korrekt konfigurerad och har stängts av för att skydda dina uppgifter. Försök igen senare.",
} as const;
