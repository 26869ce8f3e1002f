/** Whom the insurance figure was priced for, as the card and the cost basis say it. */
export type InsuredDriver = { driverAge?: number; newDriver?: boolean };

/** Without a stated age, an ordinary buyer is priced as the insurers' 30–65 band and a new driver as under 25, where most first licences are. */
export function insuredDriverText({ driverAge, newDriver }: InsuredDriver): string {
  if (driverAge !== undefined) return `${newDriver ? "ny förare" : "förare"} ${driverAge} år`;
  return newDriver ? "ny förare, räknat som under 25 år" : "förare 30–65 år";
}
