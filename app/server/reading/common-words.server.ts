// Everyday words tell a description from keyboard mash and are never read as misspelt vocabulary ("passar" is no "Passat").
const SWEDISH = `
och att en ett är jag vi du ni de dem han hon den det detta denna dessa min mitt mina din ditt dina vår vårt våra er
ert era sin sitt sina hans hennes deras mig dig oss sig som vad vem vilken vilket vilka var när hur varför där här dit
hit inte ej ingen inget inga någon något några alla allt all varje många mycket mer mest lite mindre minst få fler
flest bara också även redan nu då sedan sen snart ofta alltid aldrig ibland sällan idag igår imorgon kanske gärna helst
nog ju väl ändå dock men eller samt utan för till från med av på i om vid under över efter före innan mellan genom mot
hos ut in upp ner ned fram bak bort hem hemma borta ute inne uppe nere så än både varken heller ja nej tack hej hejsan
okej ok typ runt kring nästan ganska rätt riktigt lagom alldeles hyfsat ungefär cirka ca helt hela egen eget egna
annan annat andra samma olika klar färdig möjlig möjligt nöjd nöjda säkert gång gånger sätt del delar lika mest
vara var varit blir bli blev blivit ha har hade haft kan kunna kunde ska skall skulle vill ville velat måste får fick
fått bör borde behöver behövs behövde göra gör gjorde gjort köra kör körde kört köpa köper köpte köpt söka söker sökte
letar leta letade hitta hittar tycker tyckte tänker tänkt tror vet veta gå går gick gått komma kommer kom kommit åka
åker åkte resa reser bo bor bodde jobba jobbar jobbade arbetar använda använder använt passa passar passade funka
funkar fungera fungerar räcka räcker räckte dra drar drog ta tar tog tagit ge ger gav sitta sitter satt stå står ligga
ligger lägga sätta byta byter bytt äga äger älskar önskar hoppas undrar planerar börjar slutar hjälpa hjälper packa
packar ladda laddar laddas tanka tankar hämta hämtar skjutsa skjutsar handla handlar spara sparar kosta kostar betala
betalar klara klarar orkar låter låta heter hette känns kännas verkar ser se såg sett prata pratar läst läsa skriva
skrev skrivit hört höra bil bilen bilar bilarna bilens fordon fordonet hund fru man mannen sambo partner dotter
dottern son sonen döttrar söner mamma pappa föräldrar tjej kille vän vänner kompis jobb jobbet arbete arbetet skola
skolan förskola dagis hemmet hus huset villa lägenhet stuga stugan sommarstuga sommar sommaren höst hösten vår våren
år året åren månad månaden vecka veckan dag dagen dagar helg helgen helger tid tiden pengar pris priset kronor budget
budgeten väg vägen vägar vägarna resor stad stan staden land landet ort orten område service verkstad garanti skick
skicket ägare mätare motor motorn växellåda däck hjul stol stolar ratt dörr dörrar fönster lampor ljus färg röd blå
svart vit grå silver modell modellen märke märket märken sort slag behov krav förslag tips råd hjälp fråga frågor
problem fel skador skada rost besiktning skatt lån leasing bra bättre bäst dålig dåligt sämre sämst ny nytt nya nyare
nyast gammal gammalt äldre äldst stor stort stora större störst liten litet små lång långt långa längre kort kortare
hög högt höga högre låg lågt låga lägre dyr dyrt dyra dyrare snygg snyggt fin fint fina trevlig enkel enkelt lätt svår
tung tungt tunga bred smal rolig kul härlig god gott goda vanlig vanligt normal normalt två tre fyra fem sex sju åtta
nio tio hundra tusen första tredje sista tack hälsningar mvh vänliga tjena ungar bilresor person personer människor
folk alltså eftersom därför fast trots medan om medan ifall utom bland enligt stabil stabilt stabila tålig tåligt tåliga trygg tryggt
`;

const ENGLISH = `
the a an and or but not no yes i me my mine we us our you your he she it its they them their this that these those is
are was were be been being am have has had do does did will would can could should shall may might must need needs
want wants wanted like likes looking look find get got buy buying bought drive drives driving use used for to of in on
at by with from about into over under after before between through up down out off some any something anything
nothing everything all most more less much many few very really quite pretty just only also too so than then there
here when where what which who how why car cars vehicle work home city town road roads trip trips travel travels
traveling travelling year years month week day days time money price budget good great nice new old big small large
little easy low high long short best better enough lot lots plenty around maybe please thanks thank hello hi instead
familiar well still even every each own other another same kind type sort model brand one two three four five six seven
eight nine ten first second third people person wife husband partner son daughter children kid dog job school house
weekend summer winter often always never sometimes usually mostly around lot drive seats seat room something reliable
think know go going goes went come coming take takes make makes keep fit fits run runs cost costs pay spend save
i'm i'd i've it's we're we'd we've don't doesn't can't won't isn't
`;

const COMMON_WORDS: ReadonlySet<string> = new Set([...SWEDISH.split(/\s+/), ...ENGLISH.split(/\s+/)].filter((word) => word !== ""));

export function isCommonWord(norm: string): boolean {
  return COMMON_WORDS.has(norm);
}
