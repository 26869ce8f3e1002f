import { formatCalendarDay } from "#app/lib/format";
import { pageMeta } from "#app/lib/seo";
import { CONTACT_EMAIL, MARKETPLACE_CACHE_MINUTES, POLICY_UPDATED, RETENTION_MONTHS } from "#app/lib/site";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Integritetspolicy",
    description: "Vilka personuppgifter Drömbil sparar, varför, vilka leverantörer som ser dem, hur länge de sparas och dina rättigheter enligt GDPR.",
    path: "/integritetspolicy",
    siteUrl: matches[0]?.loaderData?.siteUrl,
  });

export default function Privacy() {
  return (
    <article className="prose-sv mx-auto max-w-3xl px-4 py-12 text-stone-800">
      <h1 className="text-3xl font-bold text-stone-950">Integritetspolicy</h1>
      <p className="text-sm text-stone-600">Senast uppdaterad {formatCalendarDay(POLICY_UPDATED)}</p>
      <p>
        Den här policyn förklarar vilka personuppgifter Drömbil behandlar när du använder tjänsten, varför vi gör det och vilka rättigheter du har. Vi samlar
        bara in det som behövs för att ge dig bilförslag och spara dem åt dig.
      </p>

      <h2>Personuppgiftsansvarig</h2>
      <p>
        Drömbil är personuppgiftsansvarig för behandlingen som beskrivs här. Frågor om dina uppgifter skickar du till{" "}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>

      <h2>Vilka uppgifter vi sparar</h2>
      <ul>
        <li>
          <strong>Konto:</strong> ett internt användar-id och den e-postadress du loggar in med. Lösenord hanteras av vår inloggningsleverantör och når aldrig
          oss.
        </li>
        <li>
          <strong>Dina önskemål:</strong> det du skriver i sökformuläret (beskrivning, maxpris, karosstyp och säljartyp). Skriv inte känsliga uppgifter som
          personnummer eller hälsouppgifter i beskrivningen.
        </li>
        <li>
          <strong>Dina rekommendationer:</strong> bilförslagen vi tog fram, när de skapades och om de är upplåsta.
        </li>
        <li>
          <strong>Bevakningar:</strong> om du bevakar en bil sparar vi vilken sökning och bil det gäller, bilens sökning på Blocket och vad en annons ska
          uppfylla (prisfönster, årsmodeller, miltal och dina krav som dragkrok eller växellåda, men inte din fritext), när bevakningen startade och slutar,
          vilka annonser vi har sett och vilka som passade. När vi mejlar dig sparar vi dag och antal annonser, inte själva mejlet. Mejlet går till
          e-postadressen på ditt konto; du skriver aldrig in någon adress. Ämnesraden innehåller varken dina önskemål eller priser. Varje mejl har en länk som
          avslutar dina bevakningar utan att du behöver logga in.
        </li>
        <li>
          <strong>Senaste inloggning:</strong> vilken dag du senast använde tjänsten inloggad (bara datumet, inte klockslaget eller vad du gjorde). Vi behöver
          den för att kunna radera konton som inte används, se nedan.
        </li>
        <li>
          <strong>Tekniska uppgifter:</strong> en sessionscookie som håller dig inloggad, räknare per användare som skyddar tjänsten mot överbelastning och
          räknare per IP-adress för hur många annonsbilder som hämtas. Räknarna raderas automatiskt när tidsfönstret har passerat, oftast inom en minut. Vi
          använder inga cookies för reklam eller spårning.
        </li>
      </ul>
      <p>
        Sidor som visar dina uppgifter märks så att varken din webbläsare eller någon mellanhand sparar en kopia av dem. Bara startsidan, villkoren och den här
        sidan får sparas av webbläsare och nätverk, och då bara i den version som visas för den som inte är inloggad.
      </p>

      <h2>Varför vi behandlar uppgifterna</h2>
      <p>
        Vi behandlar uppgifterna för att fullgöra avtalet med dig, det vill säga för att ta fram, spara och visa dina bilförslag (artikel 6.1 b i
        dataskyddsförordningen). Säkerhetsloggar och begränsning av antalet förfrågningar bygger på vårt berättigade intresse av att hålla tjänsten säker och
        tillgänglig (artikel 6.1 f).
      </p>

      <h2>Vilka leverantörer som ser vad</h2>
      <ul>
        <li>
          <strong>Cloudflare</strong> driftar tjänsten och lagrar databasen med dina sparade rekommendationer. Cloudflare hanterar också nätverkstrafiken och
          ser därför din IP-adress.
        </li>
        <li>
          <strong>Clerk</strong> sköter inloggningen och lagrar din e-postadress och dina inloggningsuppgifter.
        </li>
        <li>
          <strong>Cloudflare Email Service</strong> skickar bevakningsmejlen. Den får din e-postadress och mejlets innehåll (annonserna som passar och länkar
          till Drömbil), och bara när en bevakning har hittat något eller snart slutar, högst ett mejl per dag.
        </li>
        <li>
          <strong>OpenAI</strong> får dina önskemål (beskrivning, maxpris, karosstyp och säljartyp) för att ta fram bilförslagen. Vi skickar aldrig din
          e-postadress eller ditt namn till OpenAI. Enligt OpenAIs villkor för API-kunder används uppgifterna inte för att träna deras modeller.
        </li>
        <li>
          <strong>Blocket</strong> får sökfrågor om bilmodeller, till exempel märke, modell, maxpris, miltal och årsmodell. Frågorna innehåller inga uppgifter
          om dig och delas mellan användare genom att resultaten sparas i högst {MARKETPLACE_CACHE_MINUTES} minuter. Annonsbilderna hämtar vi åt dig via vår
          egen server, så Blocket ser inte din IP-adress när du tittar på dem.
        </li>
      </ul>
      <p>
        Vissa leverantörer kan behandla uppgifter utanför EU/EES. Sådan överföring sker med stöd av EU-kommissionens standardavtalsklausuler eller EU–US Data
        Privacy Framework.
      </p>

      <h2>Hur länge vi sparar uppgifterna</h2>
      <p>
        Dina rekommendationer sparas tills du raderar dem eller ditt konto. Har du inte använt tjänsten inloggad på {RETENTION_MONTHS} månader raderar vi kontot
        och allt som hör till det: en gång per dygn går vi automatiskt igenom kontona och raderar dina sparade rekommendationer, dina önskemål, uppgiften om din
        senaste inloggning och ditt konto hos Clerk med e-postadress och inloggningsuppgifter. Säkerhetsloggar sparas i högst 30 dagar.
      </p>
      <p>
        En bevakning gäller i 60 dagar om du inte förnyar den. När den har avslutats eller gått ut raderar vi det den hittat direkt eller inom 30 dagar, och
        uppgiften om när vi mejlade dig efter 90 dagar.
      </p>
      <p>
        Databasen går att återställa till hur den såg ut tidigare, som skydd mot fel och dataförlust. Därför finns raderade uppgifter kvar i den
        återställningskopian i högst 30 dagar efter att du raderat dem; vi använder den aldrig för att ta tillbaka något du har raderat. När ett konto raderas
        sparar vi i ett dygn bara kontots id och tidpunkten, så att en rekommendation som höll på att tas fram då inte kan sparas efteråt; sedan tas även det
        bort.
      </p>

      <h2>Dina rättigheter</h2>
      <p>Enligt dataskyddsförordningen (GDPR) har du rätt att:</p>
      <ul>
        <li>få veta vilka uppgifter vi har om dig och få en kopia av dem (registerutdrag),</li>
        <li>få felaktiga uppgifter rättade,</li>
        <li>få dina uppgifter raderade,</li>
        <li>få ut dina uppgifter i ett maskinläsbart format (dataportabilitet),</li>
        <li>invända mot behandling som bygger på berättigat intresse.</li>
      </ul>
      <p>Det mesta gör du själv direkt i tjänsten när du är inloggad:</p>
      <ul>
        <li>
          <strong>Ladda ner mina data</strong> (på sidan med dina rekommendationer) ger dig allt vi har sparat om dig i en JSON-fil: ditt användar-id, dagen du
          senast var inloggad, dina bevakningar med annonserna de hittat och när vi mejlat dig, och alla dina rekommendationer med dina önskemål, hur vi tolkade
          dem och bilförslagen, hur många de än är. För en låst rekommendation ingår det du ser på sidan.
        </li>
        <li>
          <strong>Ta bort</strong> raderar en enskild rekommendation direkt.
        </li>
        <li>
          <a href="/konto/radera">
            <strong>Radera mitt konto</strong>
          </a>{" "}
          raderar allt på en gång när du har skrivit RADERA för att bekräfta: alla dina sparade rekommendationer och önskemål, uppgiften om din senaste
          inloggning, dina bevakningar med allt de hittat och uppgifterna om mejl vi skickat, och ditt konto hos Clerk med e-postadress och
          inloggningsuppgifter. Du loggas ut, och det går inte att ångra. Raderas ditt konto hos Clerk på något annat sätt meddelar Clerk oss automatiskt, och
          då raderar vi dina uppgifter här på samma sätt.
        </li>
      </ul>
      <p>
        Kontakta oss på <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> så svarar vi inom en månad. Är du inte nöjd med hur vi hanterar dina uppgifter
        kan du klaga hos Integritetsskyddsmyndigheten (IMY), imy.se.
      </p>
    </article>
  );
}
