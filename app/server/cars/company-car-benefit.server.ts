import { z } from "zod";
import type { Fuel } from "#app/lib/car-facts";
import rulesJson from "./rules/company-car-benefit.json" with { type: "json" };

// Skatteverket's schablon (61 kap. 5 § inkomstskattelagen); the figures and their sources: rules/company-car-benefit.json.

const YearRulesSchema = z.object({
  year: z.number().int(),
  prisbasbelopp: z.number().int().positive(),
  statslaneranta: z.number().min(-0.05).max(0.2),
  sources: z.array(z.string().min(10)).min(1),
  /** Figures taken from memory of the source rather than a stored copy: the card says so. */
  unverified: z
    .array(z.enum(["prisbasbelopp", "statslaneranta"]))
    .min(1)
    .optional(),
});
const RulesSchema = z.object({
  years: z.array(YearRulesSchema).min(1),
  environmentalReduction: z.object({
    firstTaxableFrom: z.string(),
    el: z.number(),
    laddhybrid: z.number(),
    gas: z.number(),
    maxShareOfPrice: z.number(),
  }),
  sixYearOldCars: z.object({ minimumPricePbb: z.number() }),
  netCost: z.object({ marginalTaxRates: z.array(z.number().min(0).max(0.7)).min(1) }),
});
const BENEFIT_RULES = RulesSchema.parse(rulesJson);
export type BenefitYearRules = z.infer<typeof YearRulesSchema>;

export type BenefitInput = {
  /** Extra equipment included. */
  newCarPrice: number;
  fuel: Fuel;
  firstTaxable: { year: number; month: number };
  taxYear: number;
  vehicleTax: number;
};

export type BenefitResult =
  | {
      status: "computed";
      perYear: number;
      perMonth: number;
      rulesYear: number;
      benefitPrice: number;
      /** The tax on the benefit per month at each marginal rate: what the car costs the employee. */
      netPerMonth: { marginalTaxRate: number; amount: number }[];
      unverified?: BenefitYearRules["unverified"];
    }
  | { status: "unavailable"; reason: string };

const before = (a: { year: number; month: number }, year: number, month: number) => a.year < year || (a.year === year && a.month < month);

export function rulesForYear(taxYear: number, rules = BENEFIT_RULES): BenefitYearRules | undefined {
  return [...rules.years].filter((r) => r.year <= taxYear).sort((a, b) => b.year - a.year)[0];
}

export function companyCarBenefit(input: BenefitInput, rules = BENEFIT_RULES): BenefitResult {
  const year = rulesForYear(input.taxYear, rules);
  if (!year) return { status: "unavailable", reason: `Vi har inga källbelagda belopp (prisbasbelopp, statslåneränta) för ${input.taxYear}.` };
  const pbb = year.prisbasbelopp;
  const env = rules.environmentalReduction;
  const [fromYear, fromMonth] = env.firstTaxableFrom.split("-").map(Number) as [number, number];
  const reducible = input.fuel === "el" || input.fuel === "laddhybrid" || input.fuel === "gas";
  if (reducible && before(input.firstTaxable, fromYear, fromMonth)) {
    return {
      status: "unavailable",
      reason:
        "För en laddbar bil eller gasbil som togs i trafik före 1 juli 2022 sätts nybilspriset ned till en jämförbar bils pris enligt Skatteverkets lista, som vi inte har.",
    };
  }
  let price = input.newCarPrice;
  if (reducible) {
    const amount = input.fuel === "el" ? env.el : input.fuel === "laddhybrid" ? env.laddhybrid : env.gas;
    price -= Math.min(amount, price * env.maxShareOfPrice);
  }
  const ageYears = input.taxYear - input.firstTaxable.year;
  if (ageYears >= 6) price = Math.max(price, rules.sixYearOldCars.minimumPricePbb * pbb);

  const cap = 7.5 * pbb;
  let value: number;
  if (before(input.firstTaxable, 2018, 7)) {
    value = 0.317 * pbb + 0.75 * Math.max(0, year.statslaneranta) * price + 0.09 * Math.min(price, cap) + 0.2 * Math.max(0, price - cap);
  } else if (before(input.firstTaxable, 2021, 7)) {
    value = 0.29 * pbb + 0.75 * Math.max(0, year.statslaneranta) * price + 0.09 * Math.min(price, cap) + 0.2 * Math.max(0, price - cap) + input.vehicleTax;
  } else {
    const interest = 0.7 * Math.max(0.005, year.statslaneranta) + 0.01;
    value = 0.29 * pbb + interest * price + 0.13 * Math.min(price, cap) + 0.2 * Math.max(0, price - cap) + input.vehicleTax;
  }
  const perYear = Math.round(value);
  const perMonth = Math.round(perYear / 12);
  const netPerMonth = rules.netCost.marginalTaxRates.map((rate) => ({ marginalTaxRate: rate, amount: Math.round(perMonth * rate) }));
  return {
    status: "computed",
    perYear,
    perMonth,
    rulesYear: year.year,
    benefitPrice: Math.round(price),
    netPerMonth,
    ...(year.unverified ? { unverified: year.unverified } : {}),
  };
}
