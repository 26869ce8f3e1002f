// Apart from failure-copy.ts: every page's JavaScript carries this (the root error boundary).
type ErrorCopy = { heading: string; body: string };

export const HTTP_ERROR_COPY: Record<number, ErrorCopy> = {
  400: { heading: "Något i förfrågan stämde inte", body: "Kontrollera uppgifterna och försök igen." },
  401: { heading: "Du behöver logga in", body: "Logga in för att se dina rekommendationer." },
  403: { heading: "Åtkomst nekad", body: "Du har inte behörighet att göra det här." },
  404: { heading: "Sidan finns inte", body: "Vi hittar ingen sida på den här adressen. Den kan ha flyttats eller tagits bort." },
  405: { heading: "Det går inte att göra så här", body: "Adressen tar inte emot den här sortens förfrågan." },
  413: { heading: "Formuläret är för stort", body: "Korta ner texten och försök igen." },
  415: {
    heading: "Förfrågan kunde inte tas emot",
    body: "Den måste skickas från ett formulär på Drömbil. Gå tillbaka, ladda om sidan och försök igen.",
  },
  429: { heading: "För många försök", body: "Vänta en stund och försök sedan igen." },
  503: { heading: "Tjänsten är tillfälligt otillgänglig", body: "En tjänst vi är beroende av svarar inte just nu. Försök igen om en liten stund." },
};

export const UNEXPECTED_ERROR_COPY: ErrorCopy = {
  heading: "Något gick fel",
  body: "Ett oväntat fel inträffade hos oss. Försök igen om en stund – det du sparat tidigare finns kvar.",
};
