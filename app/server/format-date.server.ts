// Dates are written on the server: in the browser, the first Intl call starts ICU (50–80 ms of
// main-thread time during hydration, see app/lib/format.ts), and the server knows the time zone
// data anyway. Loaders send the finished text.

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

/** "21 november 2026", in Stockholm time. */
export function formatDate(date: Date | number): string {
  return longDate.format(date);
}

/** "21 november 2026 kl. 13:00", in Stockholm time. */
export function formatDateTime(date: Date | number): string {
  return dateTime.format(date);
}
