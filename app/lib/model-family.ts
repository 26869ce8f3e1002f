// A generation, a body twin or an electric twin of a model is the same choice for the buyer.

/** Body, drive and badge twins named as their own models in the catalogue. */
const TWIN_OF: Record<string, string> = {
  "Volvo|S40": "Volvo|V50",
  "Volvo|S60": "Volvo|V60",
  "Volvo|S90": "Volvo|V90",
  "Volkswagen|e-up!": "Volkswagen|up!",
  "Toyota|GR86": "Toyota|GT86",
  "Toyota|Proace Verso": "Toyota|Proace",
  "Ford|Tourneo Custom": "Ford|Transit Custom",
  "MINI|Cooper SE": "MINI|Cooper",
  "Subaru|BRZ": "Toyota|GT86",
  "Kia|Venga": "Hyundai|ix20",
  "Seat|Alhambra": "Volkswagen|Sharan",
  "Peugeot|Partner": "Citroen|Berlingo",
  "Peugeot|Expert": "Toyota|Proace",
  "Peugeot|Traveller": "Toyota|Proace",
  "Citroen|SpaceTourer": "Toyota|Proace",
  "Skoda|Citigo": "Volkswagen|up!",
};

/** A raised or stretched body of the same car: "V60 Cross Country", "Tiguan Allspace", "X5 M". */
const TWIN_SUFFIX = / (?:cross country|allspace|alltrack|allroad|raptor|quadrifoglio|m)$/iu;

export function modelFamilyOf(make: string, model: string): string {
  const key = `${make}|${model.replace(/^718 /u, "").replace(TWIN_SUFFIX, "")}`;
  return TWIN_OF[key] ?? key;
}

/** The first `lead` places go to the best-placed car of each family not yet shown; the rest keep their order below. */
export function spreadFamilies<T>(items: readonly T[], familyOf: (item: T) => string, lead = 3, makeOf: (item: T) => string | null = () => null): T[] {
  const rest = [...items];
  const first: T[] = [];
  const seen = new Set<string>();
  const makes = new Map<string, number>();
  const makeFree = (item: T) => {
    const make = makeOf(item);
    return make === null || (makes.get(make) ?? 0) < LEAD_MAKE_CAP;
  };
  while (first.length < lead && rest.length > 0) {
    let index = rest.findIndex((item) => !seen.has(familyOf(item)) && makeFree(item));
    if (index < 0) index = rest.findIndex((item) => !seen.has(familyOf(item)));
    if (index < 0) break;
    const [item] = rest.splice(index, 1);
    seen.add(familyOf(item!));
    const make = makeOf(item!);
    if (make !== null) makes.set(make, (makes.get(make) ?? 0) + 1);
    first.push(item!);
  }
  return [...first, ...rest];
}

/** Experts name several makes: three Lexus first hide the other good answers, unless the buyer asked for the make. */
const LEAD_MAKE_CAP = 2;
