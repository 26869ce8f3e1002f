/** Price windows are typical 2025–26 Swedish used-market asking prices: guides, not offers. */
export type PromotedCar = {
  name: string;
  bodyType: string;
  years: string;
  priceFrom: number;
  priceTo: number;
  reason: string;
};

export const PROMOTED_CARS: readonly PromotedCar[] = [
  {
    name: "Toyota RAV4 Hybrid",
    bodyType: "SUV",
    years: "2019–2021",
    priceFrom: 270_000,
    priceTo: 380_000,
    reason:
      "Ett av marknadens mest pålitliga hybridsystem, fyrhjulsdrift som tillval och ett andrahandsvärde som står sig. Drar runt 0,6 liter per mil i blandad körning.",
  },
  {
    name: "Volvo V60 D4",
    bodyType: "Kombi",
    years: "2015–2018",
    priceFrom: 110_000,
    priceTo: 200_000,
    reason: "Sveriges klassiska familjekombi: fem stjärnor i Euro NCAP, stort bagageutrymme, dragkrok på många exemplar och gott om verkstäder som kan bilen.",
  },
  {
    name: "Volkswagen ID.4",
    bodyType: "SUV",
    years: "2021–2022",
    priceFrom: 230_000,
    priceTo: 330_000,
    reason: "Rymlig elbil med låg fordonsskatt (360 kr per år) och billig hemmaladdning. Klarade första besiktningen betydligt bättre än flera konkurrenter.",
  },
  {
    name: "Toyota Corolla Hybrid",
    bodyType: "Halvkombi eller kombi",
    years: "2019–2021",
    priceFrom: 180_000,
    priceTo: 260_000,
    reason: "Snål, tyst i stadstrafik och känd för att gå mil efter mil utan dyra överraskningar. Ett tryggt val för pendlaren.",
  },
  {
    name: "Skoda Octavia Kombi",
    bodyType: "Kombi",
    years: "2017–2019",
    priceFrom: 120_000,
    priceTo: 200_000,
    reason: "Mycket bil för pengarna: plats som en klass större, beprövad Volkswagen-teknik och låga driftskostnader, särskilt med TDI-motor.",
  },
];
