import { z } from "zod";
import type { Fuel } from "#app/lib/car-facts";
import rulesJson from "./rules/company-car-benefit.json" with { type: "json" };

/**
 * Förmånsvärde of a company car by Skatteverket's schablon (61 kap. 5 § inkomstskattelagen): a share
 * of the prisbasbelopp, an interest part and a price part of the new-car price, plus the vehicle tax
 * for cars first taxable from 1 July 2018. The figures and their sources live in
 * `rules/company-car-benefit.json`; this module only applies them.
 */

const YearRulesSchema = z.object({
  year: z.number().int(),
  prisbasbelopp: z.number().int().positive(),
  statslaneranta: z.number().min(-0.05).max(0.2),
  sources: z.array(z.string().min(10)).min(1),
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
});
const BENEFIT_RULES = RulesSchema.parse(rulesJson);
export type BenefitYearRules = z.infer<typeof YearRulesSchema>;

export type BenefitInput = {
  /** The model's new-car price, SEK incl. VAT, extra equipment included. */
  newCarPrice: number;
  fuel: Fuel;
  /** When the car first became taxable under vägtrafikskattelagen. */
  firstTaxable: { year: number; month: number };
  /** The taxation year (inkomstår). */
  taxYear: number;
  /** The car's yearly vehicle tax that year. */
  vehicleTax: number;
};

export type BenefitResult =
  | {
      status: "computed";
      perYear: number;
      perMonth: number;
      /** The year whose prisbasbelopp and statslåneränta were used (may be earlier than the tax year). */
      rulesYear: number;
      /** The price the formula used after the environmental reduction and the six-year rule. */
      benefitPrice: number;
    }
  | { status: "unavailable"; reason: string };

const before = (a: { year: number; month: number }, year: number, month: number) => a.year < year || (a.year === year && a.month < month);

/** The taxation year's figures, or the latest sourced year before it. */
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
  return { status: "computed", perYear, perMonth: Math.round(perYear / 12), rulesYear: year.year, benefitPrice: Math.round(price) };
}
