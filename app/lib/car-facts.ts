import { z } from "zod";

// Schemas are marked pure so pages that only need the labels below do not ship zod.

/** Hybrids say which engine they burn in `combustionFuel`. */
export const FuelSchema = /* @__PURE__ */ z.enum(["bensin", "diesel", "el", "elhybrid", "laddhybrid", "e85", "gas"]);
export type Fuel = z.infer<typeof FuelSchema>;

export const FUEL_LABELS: Record<Fuel, string> = {
  bensin: "bensin",
  diesel: "diesel",
  el: "el",
  elhybrid: "elhybrid",
  laddhybrid: "laddhybrid",
  e85: "etanol (E85)",
  gas: "biogas",
};

/** "smabil" is a size (SizeSchema) the form offers as a body; the form groups coupé and cabriolet. */
export const BodyTypeSchema = /* @__PURE__ */ z.enum(["halvkombi", "sedan", "kombi", "suv", "familjebuss", "coupe", "cab", "pickup", "skapbil"]);
export type BodyType = z.infer<typeof BodyTypeSchema>;

export const BODY_LABELS: Record<BodyType, string> = {
  halvkombi: "halvkombi",
  sedan: "sedan",
  kombi: "kombi",
  suv: "SUV",
  familjebuss: "familjebuss/MPV",
  coupe: "coupé",
  cab: "cabriolet",
  pickup: "pickup",
  skapbil: "skåpbil",
};

/** Physical size; "mini" and "small" are what Swedish buyers call a småbil. */
export const SizeSchema = /* @__PURE__ */ z.enum(["mini", "small", "compact", "midsize", "large", "xl"]);
export type Size = z.infer<typeof SizeSchema>;

export const DrivetrainSchema = /* @__PURE__ */ z.enum(["fwd", "rwd", "awd"]);
export type Drivetrain = z.infer<typeof DrivetrainSchema>;

export const DRIVETRAIN_LABELS: Record<Drivetrain, string> = {
  fwd: "framhjulsdrift",
  rwd: "bakhjulsdrift",
  awd: "fyrhjulsdrift",
};

export const GearboxSchema = /* @__PURE__ */ z.enum(["manuell", "automat"]);
export type Gearbox = z.infer<typeof GearboxSchema>;

/** Insurance and maintenance class; insurers price "exclusive" cars on their own scale. */
export const CostClassSchema = /* @__PURE__ */ z.enum(["small", "midsize", "premium", "exclusive"]);
export type CostClass = z.infer<typeof CostClassSchema>;

const MAKE_LABELS: Record<string, string> = { Citroen: "Citroën" };
export const makeLabel = (make: string) => MAKE_LABELS[make] ?? make;

/** As Blocket spells them. */
export const MAKES = [
  "Alfa Romeo",
  "Audi",
  "BMW",
  "BYD",
  "Citroen",
  "Cupra",
  "Dacia",
  "DS",
  "Fiat",
  "Ford",
  "Honda",
  "Hyundai",
  "Isuzu",
  "Jaguar",
  "Jeep",
  "Kia",
  "Land Rover",
  "Lexus",
  "Lynk & Co",
  "Maserati",
  "Mazda",
  "Mercedes-Benz",
  "MG",
  "MINI",
  "Mitsubishi",
  "Nissan",
  "Opel",
  "Peugeot",
  "Polestar",
  "Porsche",
  "Renault",
  "Saab",
  "Seat",
  "Skoda",
  "Smart",
  "SsangYong",
  "Subaru",
  "Suzuki",
  "Tesla",
  "Toyota",
  "Volkswagen",
  "Volvo",
  "XPeng",
  "Zeekr",
] as const;
export const MakeSchema = /* @__PURE__ */ z.enum(MAKES);
export type Make = z.infer<typeof MakeSchema>;

/** For wishes like "inget tyskt märke". */
const MAKE_ORIGINS = [
  "tysk",
  "svensk",
  "japansk",
  "koreansk",
  "fransk",
  "italiensk",
  "amerikansk",
  "brittisk",
  "kinesisk",
  "tjeckisk",
  "spansk",
  "rumänsk",
] as const;
export type MakeOrigin = (typeof MAKE_ORIGINS)[number];

export const MAKE_ORIGIN: Record<Make, MakeOrigin> = {
  "Alfa Romeo": "italiensk",
  Audi: "tysk",
  BMW: "tysk",
  BYD: "kinesisk",
  Citroen: "fransk",
  Cupra: "spansk",
  Dacia: "rumänsk",
  DS: "fransk",
  Fiat: "italiensk",
  Ford: "amerikansk",
  Honda: "japansk",
  Hyundai: "koreansk",
  Isuzu: "japansk",
  Jaguar: "brittisk",
  Jeep: "amerikansk",
  Kia: "koreansk",
  "Land Rover": "brittisk",
  Lexus: "japansk",
  "Lynk & Co": "kinesisk",
  Maserati: "italiensk",
  Mazda: "japansk",
  "Mercedes-Benz": "tysk",
  MG: "kinesisk",
  MINI: "brittisk",
  Mitsubishi: "japansk",
  Nissan: "japansk",
  Opel: "tysk",
  Peugeot: "fransk",
  Polestar: "svensk",
  Porsche: "tysk",
  Renault: "fransk",
  Saab: "svensk",
  Seat: "spansk",
  Skoda: "tjeckisk",
  Smart: "tysk",
  SsangYong: "koreansk",
  Subaru: "japansk",
  Suzuki: "japansk",
  Tesla: "amerikansk",
  Toyota: "japansk",
  Volkswagen: "tysk",
  Volvo: "svensk",
  XPeng: "kinesisk",
  Zeekr: "kinesisk",
};
