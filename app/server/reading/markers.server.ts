import type { Entry } from "./match.server";
import type { Token } from "./tokenize.server";
import { COMPARATIVE, conditionalHade, ratherBefore, yardstick } from "./marker-conditions.server";

export type MarkerKind =
  | "negation"
  | "negationAfter"
  | "dislike"
  | "dislikeAfter"
  | "hedge"
  | "hedgeAfter"
  | "must"
  | "shall"
  | "stress"
  | "indifference"
  | "acceptable"
  | "acceptableBefore"
  | "exception"
  | "fallback"
  | "ownership"
  | "ownershipVerb"
  | "reported"
  | "notMeaning"
  | "comparison"
  | "comparisonAfter"
  | "familyGone"
  | "atLeast"
  | "atMost"
  | "noOlderThan"
  | "newerThan"
  | "orNewer";

export interface Marker {
  kind: "marker";
  marker: MarkerKind;
}

/** "ev." is "eventuellt"; "EV", "en EV" and "EVs" are electric cars. */
export function isElectricEv(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (token === undefined) return false;
  if (token.norm === "evs" || token.text === "EV" || token.text === "EVs") return true;
  if (token.norm !== "ev") return false;
  const previous = tokens[index - 1]?.norm ?? "";
  const next = tokens[index + 1];
  return ["en", "an", "a", "the"].includes(previous) && (next === undefined || next.norm === ",");
}

/** "min 150 hk" is a minimum; "min dotter" is "my daughter". */
const beforeNumber = (tokens: readonly Token[], index: number) => {
  const next = tokens[index + 1];
  return next?.number !== undefined || /^\d/.test(next?.norm ?? "");
};

/** Someone else in the buyer's life, or the workplace: what they drive is context ("frugan kör en XC40"). */
export const OTHER_OWNERS: readonly string[] = [
  "min man",
  "min fru",
  "min sambo",
  "min chef",
  "min kollega",
  "mina kollegor",
  "min bror",
  "min syster",
  "min son",
  "min dotter",
  "min kompis",
  "min granne",
  "min pappa",
  "min mamma",
  "mannen",
  "frun",
  "frugan",
  "maken",
  "sambon",
  "gubben",
  "pappa",
  "mamma",
  "farsan",
  "morsan",
  "brorsan",
  "syrran",
  "svärfar",
  "svärmor",
  "chefen",
  "kollegan",
  "kollegorna",
  "kollegor",
  "grannen",
  "grannarna",
  "kompisen",
  "kompisar",
  "dottern",
  "sonen",
  "barnen",
  "firman",
  "jobbet",
  "företaget",
  "arbetsgivaren",
];

/** "vi har", "min man kör": someone's car ("en bil som har fyrhjulsdrift" has no person as subject and stays a wish). */
function ownerPhrases(owners: readonly string[], verbs: readonly string[]): string[] {
  return owners.flatMap((owner) => verbs.map((verb) => `${owner} ${verb}`));
}

const SELF_SUBJECTS = new Set(["jag", "vi", "i", "we"]);

const MISGIVINGS = [
  "dumt",
  "onödigt",
  "opraktiskt",
  "riskabelt",
  "meningslöst",
  "osäkert",
  "osäker",
  "krångligt",
  "krånglig",
  "jobbigt",
  "otryggt",
  "läskigt",
  "tveksamt",
  "omständligt",
  "fel",
  "för mycket",
  "lite för mycket",
];

/** "en diesel som går bra" is about how the car runs. */
const RELATIVES = new Set(["som", "that", "which", "who"]);
const notAfterRelative = (tokens: readonly Token[], index: number) => !RELATIVES.has(tokens[index - 1]?.norm ?? "");
const NOT_A_THING = new Set(["är", "det", "så", "och", "men", "helt", "inte", "också", "om", "jag", "vi", "ja", "nej", "mycket", "lite"]);
const bareAllowance = (tokens: readonly Token[], index: number) =>
  index > 0 && notAfterRelative(tokens, index) && !NOT_A_THING.has(tokens[index - 1]?.norm ?? "") && /\p{L}/u.test(tokens[index - 1]?.norm ?? "");

const REFUSING = new Set(["inte", "ej", "ingen", "inget", "inga", "aldrig", "varken", "no", "not", "nothing", "none", "never"]);
const afterRefusal = (tokens: readonly Token[], index: number) => tokens.slice(0, index).some((token) => REFUSING.has(token.norm));

const beforeComparative = (tokens: readonly Token[], index: number) => COMPARATIVE.test(tokens[index + 1]?.norm ?? "");

const PERSON =
  /^(kompis\p{L}*|polare\p{L}*|vän|vännen|vänner|kollega\p{L}*|granne\p{L}*|grann\p{L}*|bror\p{L}*|syster\p{L}*|syrra\p{L}*|pappa|mamma|farsa\p{L}*|morsa\p{L}*|chef\p{L}*|svåger|svägersk\p{L}*|kusin\p{L}*|son|sonen|dotter|dottern|gubbe|gubben|friend|neighbou?r|colleague|brother|sister|dad|mum|mom|boss)$/u;
const afterPerson = (tokens: readonly Token[], index: number) => PERSON.test(tokens[index - 1]?.norm ?? "");

const endsClause = (tokens: readonly Token[], index: number) => index + 2 === tokens.length;
const lastWord = (tokens: readonly Token[], index: number) => index + 1 === tokens.length;

const marker = (kind: MarkerKind, phrases: readonly string[], when?: Entry<Marker>["when"]): Entry<Marker> => ({
  phrases,
  meaning: { kind: "marker", marker: kind },
  ...(when === undefined ? {} : { when }),
});

// prettier-ignore
export const MARKERS: readonly Entry<Marker>[] = [
  // "MG och BYD nej": a refusal that ends its clause (before "nej" as a lead word, which it outranks there).
  marker("negationAfter", ["nej", "nej tack", "no"], (tokens, index) => index + 1 === tokens.length || (index + 2 === tokens.length && tokens[index + 1]?.norm === "tack")),
  marker("exception", [
    "förutom", "utom", "except", "except for", "med undantag för", "med undantag av", "undantaget", "bortsett från", "frånsett",
  ], afterRefusal),
  marker("negationAfter", ["nogo", "är nogo", "är ett nogo", "a nogo", "är no go", "är ett no go"]),
  marker("negation", [
    "inte", "ej", "ingen", "inget", "inga", "aldrig", "aldrig mer", "varken", "vare sig", "undvik*", "slippa", "slipper", "utan", "utom",
    "nej", "hatar", "avskyr", "pallar inte", "orkar inte med", "orkar inte", "knappt", "sällan", "no", "not", "never", "avoid*", "without", "except", "don't", "dont", "do not", "anything but",
    "nothing", "none", "no more", "hate",
  ]),
  marker("negationAfter", [
    "vill jag inte", "vill vi inte", "nej tack", "uteslutet", "är uteslutet", "kommer inte på fråga", "inte aktuell*",
    "är inte aktuell*", "går inte", "går bort", "faller bort", "stryker jag", "inget alternativ", "är inget alternativ", "passar inte", "funkar inte", "är inget för oss",
    "inget för mig", "inget för oss", "är tråkigt", "är tråkig", "är tråkiga", "är trist", "är dåligt", "är dålig",
    "är dåliga", "är jobbigt", "är hemskt", "är värdelöst", "är värdelösa", "suger", "no thanks", "is out",
    "not an option", "no go", "is boring", "are boring", "is terrible", "sucks",
  ]),
  // A dislike is a soft refusal. "helst inte" needs no entry, so "helst inte äldre än 2016" still finds "inte äldre än";
  // short words are not matched misspelt, so common slips are listed ("gilar inte BMW" must not read as "inte BMW").
  marker("dislike", [
    "gillar inte", "gillar ej", "gillar inte att", "gillar inga", "gillar inget", "gilar inte", "gilla inte",
    "gillr inte", "tycker inte om", "tycker inte om att", "tyker inte om", "tycker illa om", "ogillar",
    "inte förtjust i", "inte så förtjust i", "inte särskilt förtjust i", "inte jätteförtjust i", "inte förtjusta i",
    "inte så förtjusta i", "inget fan av", "inte ett fan av", "inte något fan av", "inte så sugen på",
    "inte sugen på", "inte så pigg på", "inte pigg på", "don't like", "dont like", "do not like", "don't really like",
    "do not really like", "dislike", "dislikes", "not a fan of", "not a big fan of", "not really a fan of",
    "no fan of", "not fond of", "not keen on", "not too keen on", "not so keen on", "not crazy about", "rather than",
    // Tired of what one has had: a soft refusal, never a wish ("tröttnat på dieseln, men en hybrid går bra").
    "tröttnat på", "tröttnat på att", "trött på", "är trött på", "less på", "är less på", "led på", "fått nog av",
    "fått nog på", "fått nog utav", "har fått nog av", "tired of", "sick of", "fed up with", "done with",
    "nog med", "nog av", "klar med", "klara med", "färdig med", "färdiga med", "slut med", "haft det med", "har haft det med", "had enough of",
  ]),
  // Doubt or fear is no refusal: "vet inte om elbil", "skeptisk till diesel", "rädd för tyska bilar" avoid softly at most.
  marker("dislike", [
    "vet inte om", "vet inte riktigt om", "vet ej om", "osäker på", "osäkra på", "inte säker på", "inte säkra på", "inte helt säker på",
    "tveksam till", "tveksamma till", "tveksam mot", "skeptisk till", "skeptiska till", "skeptisk mot", "tvivlar på", "inte övertygad om",
    "inte övertygade om", "inte såld på", "inte helt såld på", "unsure about", "not sure about", "sceptical of", "skeptical of",
    "sceptical about", "skeptical about", "hesitant about",
    "rädd för", "rädda för", "skraj för", "skraja för", "orolig för", "oroliga för", "nervös för", "afraid of", "worried about", "wary of",
  ]),
  marker("dislike", [
    "har inte råd med", "har inte råd till", "inte råd med", "inte råd till", "har vi inte råd med", "har jag inte råd med",
    "kan inte kosta på mig", "kan inte kosta på oss", "can't afford", "cannot afford", "can not afford",
  ]),
  marker("fallback", [
    "eller iaf", "eller i alla fall", "eller iallafall", "eller åtminstone", "eller i vart fall", "eller i varje fall", "or at least",
  ]),
  // "hellre bensin än diesel": what follows "än" is what the buyer would rather not have.
  marker("dislike", ["än"], ratherBefore),
  marker("notMeaning", ["än"], yardstick),
  marker("dislikeAfter", [
    "gillar jag inte", "gillar vi inte", "tycker jag inte om", "tycker vi inte om", "är jag inte förtjust i",
    "är vi inte förtjusta i", "är jag inget fan av", "är vi inget fan av", "är inte min grej", "är inte vår grej",
    "är inte min favorit", "är inte vår favorit", "is not my thing", "isn't my thing", "not my thing",
    "not my cup of tea",
  ]),
  // "Diesel helst inte.": only where the clause ends, so "helst inte äldre än 2016" stays a hedge and a year.
  marker("dislikeAfter", [
    "helst inte", "helst ej", "helst ingen", "helst inget", "helst inga", "gärna inte", "hellre inte",
    "preferably not", "rather not", "ideally not",
  ], endsClause),
  // "Automat gärna.": a hedge that ends its clause is about what came before.
  marker("hedgeAfter", ["gärna", "helst", "hellre", "preferably", "ideally"], lastWord),
  marker("hedge", [
    "gärna", "helst", "hellre", "rather", "would rather", "i'd rather", "id rather", "we'd rather",
    "eventuellt", "möjligen", "prefer*", "preferably", "ideally", "idealt", "maybe", "perhaps", "possibly",
    "funderar på", "funderar", "överväger", "tänker på", "tänkte på", "tänkte mig", "tänkt mig", "hade tänkt mig", "tänker mig", "tänker något", "thinking of", "thinking about", "kan tänka mig", "kan tänka oss", "öppen för", "öppna för", "gillar",
    "tycker om", "bonus om", "bonus if", "plus om", "plus if", "ett plus om", "vore kul med", "vore bra med",
    "vore trevligt med", "skulle inte säga nej till",
    "annars", "first choice", "otherwise",
    // An opinion is a leaning, not a demand ("tror diesel är bäst för mig", "jag tycker Toyota är bra").
    "egentligen",
    "tror", "tror att", "tycker", "tycker att", "lutar åt", "lutar mer åt", "lutar mot", "i think", "i guess",
    // Litotes is a leaning, not a refusal ("inte helt fel med automat", "inte dumt med dragkrok").
    "inte fel med", "inte helt fel med", "inte dumt med", "inte helt dumt med", "inte så dumt med", "inte fel om", "inte helt fel om",
    "skulle inte tacka nej till", "inte tacka nej till", "säger inte nej till", "om möjligt", "om det går", "if possible", "i bästa fall", "önskvärt med",
  ]),
  marker("hedge", ["ev"], (tokens, index) => !isElectricEv(tokens, index)),
  marker("hedge", ["tänkte", "tänkt", "hade tänkt"], (tokens, index) => !["att", "på"].includes(tokens[index + 1]?.norm ?? "")),
  marker("hedge", ["kanske", "maybe"], (tokens, index) => !/^\d/u.test(tokens[index + 1]?.norm ?? "")),
  marker("hedgeAfter", ["är", "is", "vore"], beforeComparative),
  // The conditional is a wish, before or after the thing ("vore nice med automat", "sju säten vore toppen").
  marker("hedge", ["vore", "vore ju", "hade varit", "hade ju varit", "skulle vara", "would be"]),
  marker("hedgeAfter", [
    ...["om det", "om det nu", "ifall det", "om de"].flatMap((lead) => ["spelar nån roll", "spelar någon roll", "nu spelar nån roll", "har nån betydelse", "har någon betydelse"].map((tail) => `${lead} ${tail}`)),
    "om möjligt", "om det går", "vore kul", "vore bra", "vore trevligt", "vore najs", "vore ett plus", "vore en bonus",
    "är en bonus", "är ett plus", "om de går", "om det funkar",
    "vara bra", "vara najs", "vara nice", "vara kul", "vara skönt", "vara gött", "vara fint", "vara toppen",
    "hade varit kul", "hade varit bra", "hade varit trevligt", "hade varit najs", "är ett plus", "är en bonus",
    "är bonus", "är plus", "är önskvärt", "vore bonus", "vore plus", "önskvärt", "i bästa fall", "if possible", "would be nice", "would be great",
    "nice to have", "is a plus", "is a bonus", "a bonus", "a plus",
    "tycker jag", "tror jag", "tycker vi", "tror vi", "i think", "i första hand",
    "ett plus", "en bonus", "att föredra", "är att föredra", "vore att föredra", "preferable",
    "föredras", "föredras helst", "föredrar jag", "föredrar vi", "is preferred", "preferred",
    "vore inte fel", "vore inte helt fel", "vore inte dumt", "vore inte helt dumt", "hade inte varit fel", "hade inte varit dumt",
    "är skoj", "är kul", "är roligt", "är roligare", "är gött", "är skönt", "är trevligt", "är najs", "är nice", "är schysst",
    "är aschysst", "is fun", "is nice",
  ]),
  // "ren elbil med husvagn känns osäkert": a misgiving about what came before is a soft refusal.
  marker("dislikeAfter", ["känns", "känns lite", "känns ganska", "verkar", "verkar lite"].flatMap((lead) => MISGIVINGS.map((word) => `${lead} ${word}`))),
  marker("must", [
    "dealbreaker", "deal breaker", "dealbreaker om den inte är", "dealbreaker om den inte har", "dealbreaker om det inte är",
    "dealbreaker if it's not", "dealbreaker if it is not",
    // "det går inte utan", "klarar oss inte utan": a double negation is a must.
    "går inte utan", "funkar inte utan", "klarar mig inte utan", "klarar oss inte utan", "kan inte vara utan",
    "nödvändig", "nödvändigt", "nödvändiga",
    "måste", "krav", "kravet", "kräver", "ett måste", "ett krav", "absolut krav", "must", "need", "needs", "needed",
    "have to", "has to", "required", "require", "requirement", "essential", "must have",
  ]),
  marker("shall", ["ska", "skall", "behöver", "behövs", "bara", "endast", "enbart", "only", "should"]),
  marker("stress", [
    "viktigt", "viktig", "viktigast*", "jätteviktig*", "superviktig*", "väldigt", "mycket", "verkligen", "extremt",
    "otroligt", "absolut", "prio", "prioritet*", "högsta prio*", "a och o", "avgörande", "oerhört", "important", "very",
    "really", "crucial", "absolutely", "top priority", "priority",
  ]),
  marker("indifference", [
    "inte så viktigt", "inte så viktig", "inte viktigt", "inte jätteviktigt", "inte så noga", "inte nödvändigt",
    "inte superviktigt", "inte supernoga", "inte så jätteviktigt", "inte avgörande", "inte prio", "inte det viktigaste", "inte hela världen",
    "not that important", "not super important",
    "inte nödvändigtvis", "spelar ingen roll", "spelar mindre roll", "oviktigt", "struntar i", "bryr mig inte",
    "bryr oss inte", "behöver inte", "behövs inte", "måste inte", "inget krav", "inte ett krav", "inte något krav",
    "inget måste", "inte ett måste", "doesn't matter", "does not matter", "not important", "don't care", "do not care",
    "don't need", "do not need", "no need", "not necessary", "not required", "not a must", "not needed",
    "kvittar", "det kvittar", "kvittar vilket", "vilket som helst", "samma för mig", "skit samma", "whatever", "either is fine",
    "i övrigt öppen", "annars öppen", "annars är jag öppen", "annars är vi öppna", "öppen för det mesta", "öppen för allt", "öppna för allt",
    "open to anything",
  ]),
  // "bensin går bra": neither asked for nor refused; only right after a car word, so a figure keeps its meaning.
  marker("acceptable", [
    "går bra", "går också bra", "går även bra", "går lika bra", "går fint", "går också fint", "funkar också",
    "funkar också bra", "funkar även", "funkar lika bra", "duger också", "är ok", "är okej", "är också ok",
    "är också okej", "också ok", "is fine", "is also fine", "are fine", "are also fine", "also fine", "is ok",
    "is okay", "are ok", "works too", "would do", "funkar", "funkar fint", "funkar bra", "funkar också fint",
    "kan funka", "kan fungera", "fungerar", "fungerar också", "fungerar bra", "duger", "är okej också", "kan gå",
    "går också", "går även", "är undantaget", "är ett undantag", "är undantagen", "undantas",
    // Not ruled out is allowed, not required ("diesel är inte uteslutet", "en laddhybrid är inte fel det heller").
    "är inte uteslutet", "inte uteslutet", "inte utesluten", "inte uteslutna", "är inte utesluten", "är inte uteslutna", "inte fel",
    "är inte fel", "inte omöjligt", "är inte omöjligt", "är helt ok", "helt ok", "är lugnt", "är helt okej", "är ok också",
    "kan jag tänka mig", "kan vi tänka oss", "kan tänkas", "är inget problem", "inget problem", "går fint också",
    "båda funkar", "båda går bra", "bägge funkar", "bägge går bra", "båda är ok", "alla funkar", "vilket som",
    "is not ruled out", "not ruled out", "is fine too", "would be ok", "no problem",
    // Tolerated is allowed, never wanted ("Peugeot kan jag överleva", "manuell kan jag leva med").
    ...["kan jag", "kan vi", "kan man", "går att", "får jag", "får vi"].flatMap((lead) => ["leva med", "överleva", "stå ut med", "acceptera", "ta"].map((verb) => `${lead} ${verb}`)),
    "står jag ut med", "står vi ut med", "lever jag med", "lever vi med", "överlever jag", "överlever vi", "får väl duga", "får duga", "får väl gå", "can live with",
    "är fine", "är fint", "är också fine", "är lugnt också", "är helt fine", "inte dealbreaker", "ingen dealbreaker",
    "inte en dealbreaker", "not a dealbreaker", "no dealbreaker",
  ], notAfterRelative),
  // Said with no verb right after the thing ("diesel ok", "manuell okej", "suv fine"): allowed; never opening a sentence ("ok så här är det").
  marker("acceptable", ["ok", "okej", "fine", "lugnt", "ok med mig", "okej med mig", "går för sig", "accepteras", "godtas"], bareAllowance),
  // Allowed, not asked for: "inte omöjligt att det blir en diesel", "om det blir elbil".
  marker("acceptableBefore", [
    "är inte omöjligt att", "är inte helt omöjligt att", "är inte omöjligt att det blir", "är inte helt omöjligt att det blir",
    "är inte uteslutet att", "är inte uteslutet att det blir",
    "inte omöjligt att", "inte helt omöjligt att", "inte omöjligt att det blir", "inte helt omöjligt att det blir",
    "inte uteslutet att", "inte uteslutet att det blir", "om det blir", "om det är", "om de är", "om de blir", "om det skulle bli",
    "inte dealbreaker om den är", "ingen dealbreaker om den är", "inte en dealbreaker om den är", "not a dealbreaker if it's",
    "ifall det blir", "om det nu blir", "eller så får vi", "eller så får det bli", "eller så blir det", "i sämsta fall", "i värsta fall", "i andra hand", "if it is", "if it's",
    "if it ends up", "worst case",
    "kan vara", "kan också vara", "får vara", "får också vara", "kan bli", "kan det bli", "kan också bli", "can be",
    "inte emot", "inte helt emot", "inte alls emot", "inget emot", "har inget emot", "inte främmande för", "not against", "don't mind", "wouldn't mind",
  ]),
  // "automat hade suttit fint", "en kombi hade inte varit fel": "hade" before such a supine is a conditional, no car one had.
  marker("ownership", ["hade"], (tokens, index) => !conditionalHade(tokens, index)),
  marker("ownership", [
    "förra", "förre", "tidigare", "nuvarande", "gamla", "har haft", "haft", "ägt", "ägde", "körde", "har nu",
    "har idag", "har i dag", "kör nu", "kör idag", "kör i dag", "nu har", "idag har", "i dag har", "byta ut",
    "byter ut", "bytas ut", "sälja", "säljer", "inbyte", "ersätta", "ersätter", "byta från", "previous", "old",
    "current", "currently", "used to", "had", "trade in", "replace", "replacing", "have now",
    "har kört", "alltid kört", "har alltid kört", "alltid haft", "har alltid haft", "kört i hela", "always had",
    // A car rented, borrowed or tried is context, not what the buyer asks for.
    "byta in", "att byta in", "bytas in", "lämna in",
    "hyrde", "hyrt", "hyrbil", "hyrbilen", "lånade", "lånat", "provkörde", "provkört", "provåkte", "rented", "borrowed",
    "märkte hur bra", "märkte hur skönt", "hur bra det var med", "hur skönt det var med", "hur bra det vara med", "hur skönt det vara med",
    "senast en", "senast ett", "senaste bilen", "min senaste", "såld", "sålt", "sålde", "har sålt", "sold",
  ]),
  marker("ownershipVerb", ["som kör", "som har", "som äger", "som körde", "som hade", "who drives", "who has"], afterPerson),
  marker("ownershipVerb", [
    ...ownerPhrases(
      ["jag", "vi", "han", "hon", ...OTHER_OWNERS],
      ["har", "kör", "äger"],
    ),
    ...ownerPhrases(["han", "hon", ...OTHER_OWNERS], ["hade", "körde", "ägde", "har haft", "hade alltid", "har alltid haft", "har alltid kört"]),
    "jobbar på", "jobbar för", "jobbar hos", "jobbar inom", "arbetar på", "arbetar för", "arbetar hos", "anställd på",
    "anställd hos", "anställd vid", "jobbet på", "work at", "works at", "work for", "works for",
    ...ownerPhrases([
      "i", "we", "he", "she", "my husband", "my wife", "my partner",
    ], ["have", "has", "drive", "drives", "own", "owns"]),
    "har vi", "har jag", "kör vi", "kör jag", "min bil är", "vår bil är", "min bil", "vår bil", "my car is",
    "our car is", "my car", "our car",
  ]),
  marker("reported", [
    "tjatar", "tjatar om", "tjatade", "tjatat", "rekommenderar", "rekommenderade", "föreslår", "föreslog", "tipsar om",
    "tipsade om", "säger åt mig", "vill att jag", "vill att vi", "keeps telling me", "recommends", "recommended",
    "suggests", "suggested", "wants me to", "told me", "nags",
    "ägs av", "ägd av", "ägda av", "ägt av", "tillhör", "owned by",
    ...["", "alla "].flatMap((who) => ["säger", "tycker", "tjatar om", "menar"].flatMap((verb) =>
      ["att jag ska", "att vi ska", "jag ska", "vi ska", "alla ska", "att alla ska"].map((rest) => `${who}${verb} ${rest}`),
    )),
    "alla säger", "säger alla", "everyone says",
    "har läst att", "läst att", "läste att", "har hört att", "hört att", "hörde att", "sägs att", "i've read", "i heard",
    ...OTHER_OWNERS.flatMap((owner) => [`${owner} vill ha`, `${owner} vill`, `${owner} önskar`]),
    ...ownerPhrases(OTHER_OWNERS, ["säger", "sa", "tycker", "tipsar om", "svär på", "svor på", "gillar", "älskar", "says", "likes"]),
  ], (tokens, index) => !SELF_SUBJECTS.has(tokens[index - 1]?.norm ?? "")),
  marker("notMeaning", [
    "betyder inte att", "betyder inte nödvändigtvis att", "innebär inte att", "innebär inte nödvändigtvis att",
    "doesn't mean", "does not mean",
  ]),
  // "volvo eller saab typ": examples named, a list to rank by, not to filter (before "typ" as a lead word, which it outranks at a clause's end).
  marker("comparisonAfter", ["typ", "tex", "osv", "etc"], lastWord),
  marker("comparison", [
    "som en", "som ett", "typ", "liknande", "à la", "a la", "i stil med", "motsvarande", "till exempel", "exempelvis",
    "tex", "t ex", "i storlek med", "i samma storlek som", "lika stor som", "like a", "like an", "similar to", "something like", "such as", "for example", "e g",
  ]),
  marker("comparisonAfter", [
    "eller liknande", "eller motsvarande", "el liknande", "eller dylikt", "or similar", "or equivalent",
    "eller något sånt", "eller något sådant", "eller något liknande", "eller något i den stilen",
    "i den stilen", "or something", "or something like that",
  ]),
  marker("familyGone", [
    "flyttat ut", "flyttat hemifrån", "flyttade ut", "flyttade hemifrån", "har flyttat", "utflugna", "är vuxna",
    "är utflyttade", "moved out", "grown up", "left home",
  ]),
  marker("atLeast", [
    "minst", "åtminstone", "inte under", "inte mindre än", "över", "mer än", "fler än", "minimum", "at least",
    "more than", "over", "no less than", "no fewer than", "från", "from", "från och med", "fr o m",
  ]),
  marker("atLeast", ["min"], beforeNumber),
  marker("atMost", [
    "max", "maximalt", "högst", "under", "mindre än", "inte mer än", "inte över", "inte vara över", "inte gått mer än",
    "inte ha gått mer än", "upp till", "inte fler än", "at most", "aldrig mer än", "aldrig över", "som mest", "som max",
    "less than", "below", "no more than", "up to", "maximum",
  ]),
  // "inte äldre än 2016" is a lowest model year, "inte äldre än 5 år" a highest age.
  marker("noOlderThan", [
    "inte äldre än", "inte vara äldre än", "ej äldre än", "ej vara äldre än", "inte ha gått mer än", "inget äldre än", "ingen äldre än", "inga äldre än", "yngre än",
    "nothing older than", "no older than", "not older than", "younger than",
  ]),
  marker("newerThan", ["nyare än", "efter", "newer than", "after"]),
  marker("orNewer", [
    "eller nyare", "eller senare", "och nyare", "och senare", "och framåt", "eller yngre", "or newer", "or later",
    "and newer", "and later", "+",
  ]),
];
