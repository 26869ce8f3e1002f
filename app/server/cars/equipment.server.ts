import type { Make } from "#app/lib/car-facts";
import type { Variant } from "./variant.server";

// Unverified (makers' price lists as remembered) and soft wishes only: no card states an "option" or "unknown" fact.

export type Availability = "standard" | "option" | "none" | "unknown";

type ModelEquipment = { airSuspension?: Availability; parkingHeater?: Availability };

const AIR_STANDARD = [
  "Mercedes-Benz|S-Klass",
  "Mercedes-Benz|EQS",
  "Mercedes-Benz|EQS SUV",
  "Mercedes-Benz|GLS",
  "Audi|A8",
  "Audi|RS Q8",
  "Audi|SQ7",
  "Land Rover|Range Rover",
  "Land Rover|Range Rover Sport",
  "Tesla|Model X",
  "BMW|X7",
  "BMW|7-serie",
  "BMW|i7",
  "Polestar|3",
];
const AIR_OPTION = [
  "Mercedes-Benz|E-Klass",
  "Mercedes-Benz|C-Klass",
  "Mercedes-Benz|GLE",
  "Mercedes-Benz|GLC",
  "Mercedes-Benz|EQE",
  "Mercedes-Benz|V-Klass",
  "Audi|Q7",
  "Audi|Q8",
  "Audi|A6",
  "Audi|e-tron",
  "Audi|Q8 e-tron",
  "BMW|X5",
  "BMW|iX",
  "BMW|5-serie",
  "Tesla|Model S",
  "Porsche|Panamera",
  "Porsche|Cayenne",
  "Porsche|Taycan",
  "Porsche|Macan",
  "Volvo|XC90",
  "Volvo|XC60",
  "Volvo|V90",
  "Volvo|S90",
  "Volvo|V90 Cross Country",
  "Volvo|EX90",
  "Land Rover|Discovery",
  "Land Rover|Defender",
  "Volkswagen|Touareg",
  "Jeep|Grand Cherokee",
  "Toyota|Land Cruiser",
];
const AIR_NEVER_MAKES: readonly Make[] = [
  "Dacia",
  "Fiat",
  "Suzuki",
  "MG",
  "BYD",
  "Nissan",
  "Renault",
  "Peugeot",
  "Opel",
  "Honda",
  "Mazda",
  "Mitsubishi",
  "Subaru",
  "Seat",
  "Cupra",
  "Smart",
  "MINI",
  "Skoda",
  "Kia",
  "Hyundai",
  "Citroen",
  "Lynk & Co",
  "Saab",
  "Isuzu",
  "SsangYong",
];

/** Fuel-fired (Webasto/Eberspächer type), factory option on the combustion versions. */
const HEATER_OPTION = [
  "Volvo|V40",
  "Volvo|V40 Cross Country",
  "Volvo|V50",
  "Volvo|V60",
  "Volvo|V60 Cross Country",
  "Volvo|V70",
  "Volvo|XC70",
  "Volvo|V90",
  "Volvo|V90 Cross Country",
  "Volvo|S60",
  "Volvo|S90",
  "Volvo|XC40",
  "Volvo|XC60",
  "Volvo|XC90",
  "Volvo|S40",
  "Volkswagen|Golf",
  "Volkswagen|Passat",
  "Volkswagen|Tiguan",
  "Volkswagen|Tiguan Allspace",
  "Volkswagen|Touareg",
  "Volkswagen|Touran",
  "Volkswagen|Sharan",
  "Volkswagen|Transporter",
  "Volkswagen|Caravelle",
  "Volkswagen|Multivan",
  "Volkswagen|Caddy",
  "Volkswagen|Crafter",
  "Volkswagen|Amarok",
  "Skoda|Octavia",
  "Skoda|Superb",
  "Skoda|Kodiaq",
  "Skoda|Karoq",
  "Seat|Alhambra",
  "Audi|A4",
  "Audi|A5",
  "Audi|A6",
  "Audi|Q5",
  "Audi|Q7",
  "Audi|Q8",
  "Audi|A8",
  "BMW|3-serie",
  "BMW|5-serie",
  "BMW|X3",
  "BMW|X5",
  "BMW|7-serie",
  "Mercedes-Benz|C-Klass",
  "Mercedes-Benz|E-Klass",
  "Mercedes-Benz|GLC",
  "Mercedes-Benz|GLE",
  "Mercedes-Benz|GLS",
  "Mercedes-Benz|S-Klass",
  "Mercedes-Benz|V-Klass",
  "Mercedes-Benz|Vito",
  "Mercedes-Benz|Sprinter",
  "Ford|Focus",
  "Ford|Mondeo",
  "Ford|Kuga",
  "Ford|Transit",
  "Ford|Transit Custom",
  "Ford|Tourneo Custom",
  "Ford|S-Max",
  "Ford|Galaxy",
  "Land Rover|Discovery",
  "Land Rover|Range Rover",
  "Land Rover|Range Rover Sport",
];

const TABLE = new Map<string, ModelEquipment>();
const entry = (key: string) => TABLE.get(key) ?? (TABLE.set(key, {}), TABLE.get(key)!);
for (const key of AIR_STANDARD) entry(key).airSuspension = "standard";
for (const key of AIR_OPTION) entry(key).airSuspension = "option";
for (const key of HEATER_OPTION) entry(key).parkingHeater = "option";

export const modelKeyOf = (variant: Pick<Variant, "make" | "model">) => `${variant.make}|${variant.model.replace(/^718 /u, "")}`;

export function airSuspension(variant: Variant): Availability {
  const known = TABLE.get(modelKeyOf(variant))?.airSuspension;
  if (known) return known;
  return AIR_NEVER_MAKES.includes(variant.make) ? "none" : "unknown";
}

/** An elbil heats from its battery (preconditioning), so a fuel-fired heater is a combustion car's fact. */
export function parkingHeater(variant: Variant): Availability {
  if (variant.fuel === "el") return "unknown";
  return TABLE.get(modelKeyOf(variant))?.parkingHeater ?? "unknown";
}

/** Lågväxel on every car of the model: what a real off-roader has and a soft-road SUV lacks. */
const LOW_RANGE = new Set([
  "Toyota|Land Cruiser",
  "Toyota|Hilux",
  "Suzuki|Jimny",
  "Suzuki|Grand Vitara",
  "Land Rover|Defender",
  "Land Rover|Discovery",
  "Mitsubishi|Pajero",
  "Mitsubishi|L200",
  "Ford|Ranger",
  "Ford|Ranger Raptor",
  "Nissan|Navara",
  "Isuzu|D-Max",
  "SsangYong|Rexton",
  "SsangYong|Musso",
  "Mercedes-Benz|G-Klass",
]);

export function lowRange(variant: Variant): Availability {
  if (variant.drivetrain !== "awd") return "none";
  return LOW_RANGE.has(modelKeyOf(variant)) ? "standard" : "unknown";
}

export type SeatHeight = "high" | "raised" | "mid" | "low";
/** Raised estates, and the tall small cars (a mini-MPV body sold as a hatchback) whose seat sits higher than a hatchback's. */
const RAISED_MODELS =
  /cross country|allroad|xceed|outback|^v40 cross|alltrack|scout|^(?:jazz|b-klass|ix20|venga|note|meriva|verso-s|golf plus|soul|splash|agila|b-max|sx4)\b/iu;

export function seatHeight(variant: Variant, body: Variant["bodies"][number]["type"]): SeatHeight {
  if (body === "suv" || body === "familjebuss" || body === "pickup" || body === "skapbil") return "high";
  if (RAISED_MODELS.test(`${variant.model} ${variant.name}`)) return "raised";
  if (body === "coupe" || body === "cab") return "low";
  return "mid";
}

const PREMIUM_MAKES: readonly Make[] = [
  "Audi",
  "BMW",
  "Mercedes-Benz",
  "Porsche",
  "Lexus",
  "Jaguar",
  "Land Rover",
  "Volvo",
  "Polestar",
  "Tesla",
  "Alfa Romeo",
  "Maserati",
  "DS",
];
const EXCLUSIVE_CAPABLE: readonly Make[] = ["Porsche", "Maserati", "Mercedes-Benz", "BMW", "Audi", "Jaguar", "Land Rover", "Lexus", "Alfa Romeo"];
const EXCLUSIVE_MODELS = new Set([
  "Mercedes-Benz|S-Klass",
  "Mercedes-Benz|SL",
  "Mercedes-Benz|AMG GT",
  "Mercedes-Benz|G-Klass",
  "Mercedes-Benz|GLS",
  "Mercedes-Benz|EQS",
  "Mercedes-Benz|EQS SUV",
  "BMW|7-serie",
  "BMW|i7",
  "BMW|X7",
  "BMW|M2",
  "BMW|X5 M",
  "Audi|A8",
  "Audi|RS3",
  "Audi|RS4",
  "Audi|RS6",
  "Audi|RS Q8",
  "Audi|SQ7",
  "Audi|e-tron GT",
  "Land Rover|Range Rover",
  "Land Rover|Range Rover Sport",
  "Jaguar|F-Type",
  "Alfa Romeo|Giulia Quadrifoglio",
  "Alfa Romeo|Stelvio Quadrifoglio",
  "Lexus|RC",
]);
/** Power at which a premium make's combustion model is its performance version (AMG, M, RS); an elbil reaches it without being one. */
const EXCLUSIVE_POWER_HP = 400;

export type Tier = "mass" | "premium" | "exclusive";

export function tierOf(variant: Variant): Tier {
  if (!PREMIUM_MAKES.includes(variant.make)) return "mass";
  if (variant.make === "Porsche" || variant.make === "Maserati") return "exclusive";
  if (
    EXCLUSIVE_CAPABLE.includes(variant.make) &&
    (EXCLUSIVE_MODELS.has(modelKeyOf(variant)) || (variant.fuel !== "el" && variant.powerHp >= EXCLUSIVE_POWER_HP))
  )
    return "exclusive";
  return "premium";
}
