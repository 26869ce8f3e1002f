// A yearly figure worked out from a day, week or month is ours, not the buyer's: the page says so.

const AMOUNT = String.raw`(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+(?:[,.]\d+)?|en|ett|två|tre|fyra|fem|sex|sju|åtta|nio|tio|elva|tolv|femton|tjugo)`;
const FILLER = String.raw`(?:(?:ungefär|cirka|ca|typ|totalt)\s+)?`;
const PERIOD = String.raw`(?:om|per|i|varje|en|på|\/)\s*(?:dag(?:en)?|vecka(?:n)?|veckor|månad(?:en)?|år(?:et)?)`;
const TRIP = String.raw`(?:enkel\s+väg|enkelväg|tur\s+och\s+retur|tur\s+retur|till\s+jobbet|till\s+arbetet|till\s+skolan)`;
const PHRASE = new RegExp(String.raw`(?<![\p{L}\d])${AMOUNT}\s*(?:mil|km)\s+${FILLER}(?:${PERIOD}|${TRIP})(?![\p{L}])`, "iu");
const YEARLY = /(?:år(?:et)?)$/iu;

/** "max 12 mil per dag", "ibland 30 mil om dagen": a day's most or some days' driving is not where a yearly figure comes from (a yearly ceiling is). */
const NOT_USUAL_BEFORE = /(?:max|högst|maximalt|upp till|som mest|som max|under|ibland|emellanåt|vissa dagar)\s+(?:\S+\s+)?$/iu;
const NOT_USUAL_AFTER = /^\s*(?:som mest|som max|max|högst|ibland)(?![\p{L}])/iu;

export function mileagePhrase(description: string): string | null {
  for (const match of description.matchAll(new RegExp(PHRASE.source, "giu"))) {
    const before = description.slice(Math.max(0, match.index - 20), match.index);
    const notUsual = NOT_USUAL_BEFORE.test(before) || NOT_USUAL_AFTER.test(description.slice(match.index + match[0].length));
    if (notUsual && !YEARLY.test(match[0])) continue;
    return match[0].replace(/\s+/g, " ");
  }
  return null;
}

export function mileageSource(description: string | null, stated: boolean): string {
  if (!stated) return "vårt antagande";
  const phrase = description ? mileagePhrase(description) : null;
  if (phrase === null) return "räknat från det du skrev";
  return YEARLY.test(phrase) ? "som du skrev" : `räknat från ${phrase}`;
}
