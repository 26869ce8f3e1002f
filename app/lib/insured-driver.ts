export type InsuredDriver = { driverAge?: number; newDriver?: boolean };

export function insuredDriverText({ driverAge, newDriver }: InsuredDriver): string {
  if (driverAge !== undefined) return `${newDriver ? "ny förare" : "förare"} ${driverAge} år`;
  return newDriver ? "ny förare, räknat som under 25 år" : "förare 30–65 år";
}
