// A yearly figure worked out from a day, week or month is ours, not the buyer's: the page says so.

const AMOUNT = String.raw`(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+(?:[,.]\d+)?|en|ett|två|tre|fyra|fem|sex|sju|åtta|nio|tio|elva|tolv|femton|tjugo)`;
const FILLER = String.raw`(?:(?:ungefär|cirka|ca|typ|totalt)\s+)?`;
const PERIOD = String.raw`(?:om|per|i|varje|en|på|\/)\s*(?:dag(?:en)?|vecka(?:n)?|veckor|månad(?:en)?|år(?:et)?)`;
const TRIP = String.raw`(?:enkel\s+väg|enkelväg|tur\s+och\s+retur|tur\s+retur|till\s+jobbet|till\s+arbetet|till\s+skolan)`;
const PHRASE = new RegExp(String.raw`(?<![\p{L}\d])${AMOUNT}\s*(?:mil|km)\s+${FILLER}(?:${PERIOD}|${TRIP})(?![\p{L}])`, "iu");
const YEARLY = /(?:år(?:et)?)$/iu;

export function mileagePhrase(description: string): string | null {
  return PHRASE.exec(description)?.[0].replace(/\s+/g, " ") ?? null;
}

export function mileageSource(description: string | null, stated: boolean): string {
  if (!stated) return "vårt antagande";
  const phrase = description ? mileagePhrase(description) : null;
  if (phrase === null) return "räknat från det du skrev";
  return YEARLY.test(phrase) ? "som du skrev" : `räknat från ${phrase}`;
}
