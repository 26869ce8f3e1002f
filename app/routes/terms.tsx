import { formatCalendarDay } from "#app/lib/format";
import { pageMeta } from "#app/lib/seo";
import { CONTACT_EMAIL, POLICY_UPDATED } from "#app/lib/site";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Användarvillkor",
    description: "Villkoren för att använda Drömbil: vad tjänsten gör, vad den inte lovar och vad vi förväntar oss av dig.",
    path: "/anvandarvillkor",
    siteUrl: matches[0]?.loaderData?.siteUrl,
  });

export default function Terms() {
  return (
    <article className="prose-sv mx-auto max-w-3xl px-4 py-12 text-stone-800">
      <h1 className="text-3xl font-bold text-stone-950">Användarvillkor</h1>
      <p className="text-sm text-stone-600">Gäller från {formatCalendarDay(POLICY_UPDATED)}</p>

      <h2>1. Tjänsten</h2>
      <p>
        Drömbil ger förslag på bilmodeller utifrån de önskemål du beskriver. Förslagen tas fram automatiskt, med hjälp av en AI-tjänst eller vår egen
        bildatabas, och stäms av mot annonser på Blocket. Vi säljer inga bilar och är inte part i något köp du gör.
      </p>

      <h2>2. Konto</h2>
      <p>
        Du behöver ett konto för att skapa och spara rekommendationer. Du ansvarar för att dina inloggningsuppgifter inte kommer i orätta händer. Kontot är
        personligt.
      </p>

      <h2>3. Råd, inte garantier</h2>
      <p>
        Betyg, prisintervall, miltal och ägandekostnader är uppskattningar baserade på typiska värden för modellen, inte uppgifter om en enskild bil.
        Fordonsskatt beräknas enligt de regler som gäller när förslaget tas fram. Kontrollera alltid den bil du tänker köpa: provkör, läs besiktningsprotokoll
        och servicehistorik, gör en historikkontroll och låt gärna en fristående verkstad undersöka bilen.
      </p>
      <p>
        Annonsuppgifter kommer från Blocket och kan vara inaktuella. När vi inte kan nå Blocket säger vi det i stället för att gissa. Exempelannonser som visas
        när tjänsten körs utan uppkoppling är tydligt märkta och är inga riktiga bilar.
      </p>

      <h2>4. Tillåten användning</h2>
      <p>
        Du får använda Drömbil för din egen bilaffär. Du får inte försöka komma åt andras uppgifter, störa tjänsten, kringgå begränsningar av antalet
        förfrågningar eller hämta innehåll automatiskt i stor skala.
      </p>

      <h2>5. Upplåsta rekommendationer</h2>
      <p>
        En ny rekommendation sparas låst och visar en sammanfattning. När du låser upp den visas hela analysen. En upplåst rekommendation förblir upplåst så
        länge den finns kvar på ditt konto.
      </p>

      <h2>6. Ansvar</h2>
      <p>
        Vi gör vårt bästa för att tjänsten ska vara korrekt och tillgänglig men kan inte lova att den alltid är det. Vi ansvarar inte för beslut du fattar
        utifrån förslagen eller för köp du gör av tredje part. Det påverkar inte de rättigheter du har enligt tvingande konsumentlagstiftning.
      </p>

      <h2>7. Personuppgifter</h2>
      <p>
        Hur vi hanterar dina uppgifter står i vår <a href="/integritetspolicy">integritetspolicy</a>.
      </p>

      <h2>8. Ändringar och avslut</h2>
      <p>
        Vi kan ändra villkoren. Väsentliga ändringar meddelar vi i tjänsten innan de börjar gälla. Du kan när som helst sluta använda Drömbil och be oss radera
        ditt konto.
      </p>

      <h2>9. Kontakt och tvister</h2>
      <p>
        Frågor om villkoren skickar du till <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. Svensk lag gäller. Som konsument kan du också vända dig
        till Allmänna reklamationsnämnden (ARN).
      </p>
    </article>
  );
}
