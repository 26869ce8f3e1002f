import { generationKey } from "./catalogue.server";
import type { Variant } from "./variant.server";

/** Heating and fan set in the centre touch screen, from the makers' instrument-panel descriptions; an unlisted generation is not claimed to have buttons. */
const TOUCH_CLIMATE = new Set([
  "Volvo|XC90|II",
  "Volvo|XC60|II",
  "Volvo|V60|II",
  "Volvo|V60 Cross Country|II",
  "Volvo|S60|III",
  "Volvo|V90|II",
  "Volvo|V90 Cross Country|II",
  "Volvo|S90|II",
  "Volvo|XC40|I",
  "Volvo|C40|I",
  "Volvo|EX40|I",
  "Volvo|EX30|I",
  "Volvo|EX90|I",
  "Peugeot|308|II",
  "Peugeot|308|III",
  "Peugeot|3008|II",
  "Peugeot|5008|II",
  "Peugeot|508|II",
  "Tesla|Model 3|I",
  "Tesla|Model 3|Highland",
  "Tesla|Model Y|I",
  "Tesla|Model Y|Juniper",
  "Tesla|Model S|I",
  "Tesla|Model S|Plaid",
  "Tesla|Model X|I",
  "Polestar|2|I",
  "Polestar|3|I",
  "Polestar|4|I",
  "Volkswagen|Golf|VIII",
  "Volkswagen|ID.3|I",
  "Volkswagen|ID.4|I",
  "Volkswagen|ID.5|I",
  "Volkswagen|ID.7|I",
  "Volkswagen|ID. Buzz|I",
  "Cupra|Born|I",
  "Mercedes-Benz|C-Klass|W206",
  "Mercedes-Benz|GLC|X254",
  "Mercedes-Benz|E-Klass|W214",
  "Audi|A6|C8",
  "Audi|A8|D5",
  "Audi|Q8|4M",
  "Audi|e-tron|I",
  "Audi|Q8 e-tron|I",
  "BMW|X1|U11",
]);

export const climateInTouchScreen = (variant: Variant) => TOUCH_CLIMATE.has(generationKey(variant));

export const TOUCH_CLIMATE_KEYS: ReadonlySet<string> = TOUCH_CLIMATE;
