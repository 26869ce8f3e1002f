// All sv-SE output goes through here, so every page writes numbers the same way.
const integer = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 0 });
const sek = new Intl.NumberFormat("sv-SE", {
  style: "currency",
  currency: "SEK",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const longDate = new Intl.DateTimeFormat("sv-SE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Stockholm",
});
const dateTime = new Intl.DateTimeFormat("sv-SE", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Stockholm",
});

/** Intl uses a narrow no-break space as the group separator; a plain no-break space renders everywhere. */
function tidy(text: string): string {
  return text.replace(/\u202f/g, "\u00a0");
}

export function formatSek(amount: number): string {
  return tidy(sek.format(Math.round(amount)));
}

export function formatSekRange(from: number, to: number): string {
  return `${formatNumber(from)}–${formatSek(to)}`;
}

export function formatNumber(value: number): string {
  return tidy(integer.format(Math.round(value)));
}

export function formatMil(mil: number): string {
  return `${formatNumber(mil)}\u00a0mil`;
}

export function kmToMil(km: number): number {
  return Math.round(km / 10);
}

export function formatDate(date: Date | number): string {
  return longDate.format(date);
}

export function formatDateTime(date: Date | number): string {
  return dateTime.format(date);
}

const oneDecimal = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 1, minimumFractionDigits: 0 });

export function formatScore(score: number): string {
  return oneDecimal.format(Math.round(score * 10) / 10);
}

export function formatCount(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)}\u00a0${count === 1 ? singular : plural}`;
}
