/**
 * Blocket's make/model tree (`filters[name=variant]`) for the makes our catalogue uses, as read
 * from the live API on 2026-09-27; codes drift, so the adapter prefers the tree it reads from
 * Blocket itself and refreshes it daily.
 *
 * Trimmed, but never inside a series whose children we match on: a series listed with children
 * has all of them (the resolver collapses a query to the series code only when every child
 * matches, which a partial list would fake); a series listed without children is matched as a
 * whole. Top-level models are the ones the catalogue names plus look-alikes the resolver must not
 * confuse with them (Saab 9-3 and 93, Toyota C-HR and C-HR+, Hyundai IONIQ and Ioniq 5 …).
 *
 * Format, one string per make: `Name=id` separated by `; `, a series as `Name=id{Child=id; …}`.
 * Codes are built from the ids: make `0.<make>`, level 1 `1.<make>.<id>`, level 2
 * `2.<make>.<series>.<id>`.
 */
const TREE: Record<string, string> = {
  // Volvo
  "818":
    "S60-Serie=2841{S60=6718; S60 Cross Country=2000347}; V40-Serie=2844{V40=2783; V40 Cross Country=2000238}; " +
    "V60-Serie=2843{V60=2000172; V60 Cross Country=2000346}; V90-Serie=2839{V90=2000386; V90 Cross Country=2000390}; " +
    "C30=2000045; C40=2000560; C70=3763; EC40=2000674; EX30=2000653; EX40=2000669; EX90=2003622; S40=2784; S80=3769; " +
    "S90=3768; V50=7849; V70=3077; XC40=2000437; XC60=2000093; XC70=7781; XC90=7651",
  // Volkswagen
  "817":
    "Caddy-Serie=2829{Caddy=6709; Caddy Cross=2003556; Caddy Maxi=2000231; e-Caddy Maxi=2003563}; " +
    "Caravelle-Serie=2831{Caravelle=1430}; " +
    "Crafter-Serie=2837{Crafter=2000048; Crafter 30=2003558; Crafter 35=2003559; Crafter 50=2003560; e-Crafter 35=2003565}; " +
    "Golf-Serie=1433{e-Golf VII=2003566; Golf Alltrack=2000331; Golf I=2003571; Golf II=2003572; Golf III=2003574; " +
    "Golf IV=2003575; Golf Plus=2000235; Golf Plus Cross=2003576; Golf Sportsvan=2000297; Golf V=2003577; " +
    "Golf VI=2003578; Golf VII=2003579; Golf VIII=2003580}; " +
    "Passat-Serie=2835{CC=2000210; Passat=1437; Passat Alltrack=2000209; Passat CC=2000111}; " +
    "Polo-Serie=2832{ID. Polo=3602; Polo=1438; Polo Cross=2000388}; Tiguan-Serie=2834{Tiguan=8329; Tiguan Allspace=2000444}; " +
    "Touran-Serie=2830{Touran=7593; Touran Cross=2003601}; " +
    "Transporter-Serie=2833{e-Transporter=2003567; T1=735; T3=2003598; Transporter=1444}; " +
    "Up!-Serie=2827{e-Up!=2003568; UP!=2000208; Up! Cross=2003606}; Amarok=2000170; Arteon=2000415; ID. Buzz=8400; " +
    "ID.3=8376; ID.3 Neo=3549; ID.4=8392; ID.4 GTX=2000553; ID.5=2000578; ID.7=2000637; Multivan=7952; Sharan=1442; " +
    "T-Cross=2000504; T-Roc=2000431; Touareg=7592",
  // Renault
  "804":
    "Clio-Serie=2773{Clio=1322; Clio IV=2003330; Clio V=2003331; Clio VI=3196}; " +
    "Megane-Serie=2772{Megane=1331; Megane E-Tech=2003362; Megane I=2003363; Megane II=2003364; Megane III=2003365; Megane IV=2003366}; " +
    "Kangoo-Serie=3720{Kangoo=3820; Kangoo Express=7241; Kangoo Maxi=2003341}; Master-Serie=2777{Master=7455}; Trafic-Serie=2771{Trafic=1332}; " +
    "5 E-Tech=699; Captur=2000268; Kadjar=2000326; Twingo=7782; Zoe=2000301",
  // Nissan
  "792":
    "Micra-Serie=2737{Micra=1223; Micra C+C=2003073}; Qashqai-Serie=2738{Qashqai=2000061; Qashqai+2=2000160}; " +
    "Terrano-Serie=4132{Terrano II=2003079}; Z-Serie=4133{300 ZX=1216; 350 Z=7950; 370 Z=2000537}; Ariya=2000584; Juke=2000175; Leaf=2000183; Navara=8234; X-Trail=7188",
  // Dacia
  "8079": "Logan-Serie=2591{Logan=8342}; Sandero-Serie=2584{Sandero=2001680; Sandero Stepway=2001681}; Duster=2000191; Jogger=2001676; Spring=2001682",
  // BMW: the number series are matched as a whole ("3-serie"), so their many engine children are left out.
  "749":
    "1-Serie=7967; 2-Serie=2000283{216d=2001219; 218=3542; 218d=2001221; 218i=2001222; 220d=2001223; 220i=2001224; " +
    "225e=2001227; 225i=2001228; 225xe=2001229; 228i=2001230; 230e=2001231; 230i=2001232; M2=2000370; M235i=2001419; M240i=2001420}; " +
    "3-Serie=2132; 4-Serie=2000265; 5-Serie=2131; 7-Serie=2130; i3-serie=2465{i3=2000264; i3s=2001413}; " +
    "iX-Serie=4167{iX=2001415; iX1=2000594; iX2=1068; iX3=2000532}; " +
    "X-Serie=2466{X1=2000133; X2=2000440; X3=7798; X3 M=8358; X4=2000294; X4 M=8359; X5=6737; X5 M=8360; X6=2000085; " +
    "X6 M=8361; X7=2000513; XM=2000614}; Z-Serie=2464{Z3=3003; Z4=7683; Z8=6716}; i4=8308; i5=2000633; i7=2000595; i8=2000309",
  // Honda
  "771": "Accord=1087; Civic=1088; CR-V=3027; e=8363; e:Ny1=2000635; HR-V=3744; Jazz=7514; ZR-V=1089",
  // MINI
  "7147":
    "Mini-Serie=2697{Cooper=7150; Cooper C=2003002; Cooper E=2003003; Cooper S=2000043; Cooper SD=2003004; Cooper SE=2000619; One=7149}; " +
    "Cabrio=2000271; John Cooper Works=3127",
  // Fiat
  "766":
    "500-Serie=2663{500=2000071; 500C=670; 500e=2001795; 500L=2000241; 500X=2000322}; " +
    "Doblò-Serie=2660{Doblo=200036; Doblò Cargo=2001814; Doblò E=2001816}; 124 Spider=2000411; Ducato=1031",
  // Hyundai
  "772":
    "H1-Serie=2672{H-1=2899}; i20-Serie=2671{i20=2000102}; ix-Serie=3533{ix20=2000171; ix35=2000157}; Bayon=2002126; Grand Santa Fe=2000349; i10=2000091; i30=2000069; i40=2000194; IONIQ=2000393; Ioniq 5=2000546; " +
    "Ioniq 6=2000609; Ioniq 9=1545; Kona=2000438; Santa Fe=6739; Tucson=7951",
  // Cupra
  "8106": "Ateca=2001673; Born=2000567; Formentor=8305; Formentor e-HYBRID=8298; Leon=2001674; Tavascan=2001675",
  // Kia
  "777":
    "Ceed-Serie=2677{Ceed=2000064; ProCeed=2000506; XCeed=2000526}; Niro-Serie=2679{e-Niro=2000459; Niro=2000392}; " +
    "e-Soul=2000675; EV3=552; EV6=8300; EV9=2000638; Optima=2000223; Picanto=8178; Rio=7117; Sorento=7711; Soul=2000300; " +
    "Sportage=1119; Stinger=2000435; Stonic=2000433; Venga=2000164",
  // MG
  "786": "EHS=8396; HS=756; Marvel R=2000552; MG4=8399; MG4 EV Urban=3621; MG5=8398; ZS=8351; ZS EV=8345",
  // Peugeot
  "796":
    "2008-Serie=2754{2008=2000259; e-2008=2000677}; 207-Serie=3384{207=8294; 207 CC=2000391; 207 SW=2000073}; " +
    "208-Serie=2759{208=2000212; e-208=2003180}; 3008-Serie=2752{3008=2000131; e-3008=2003181}; " +
    "308-Serie=2758{308=2000079; 308 SW=2000101; e-308=2000659}; 5008-Serie=2760{5008=2000139; e-5008=2003182}; " +
    "508-Serie=2762{508=2000188; 508 RXH=2003141}; Expert-Serie=2761{e-Expert=2000545; Expert=7621; Expert Tepee=2003187}; " +
    "Traveller-Serie=2757{e-Traveller=2003186; Traveller=2000420}; " +
    "Partner-Serie=2753{e-Partner=3203; Partner=3754; Partner Electric=7767; Partner Tepee=2003189}; 107=8293; 108=2000299",
  // BYD
  "8101": "Atto 3=2000592; Dolphin=1066; Han=2000593; Seal=2000655; Seal 6=3481; Seal U=2000656; Sealion 7=2003637",
  // Polestar
  "8102": "2=8370; 3=2003206; 4=2003207",
  // Tesla
  "8078": "Model 3=2000501; Model S=2000138; Model X=2000379; Model Y=2000555; Roadster=2000137",
  // Skoda (the doubled series name is Blocket's own)
  "808":
    "Citigo-SerieCitigo-Serie=2790{Citigo=2000224}; " +
    "Enyaq-Serie=3545{Enyaq=8395; Enyaq Coupe RS=2000613; Enyaq Coupé=2000668; Enyaq RS=2000667}; Karoq-Serie=2791{Karoq=2000424}; " +
    "Kodiaq-Serie=2793{Kodiaq=2000409; Kodiaq Scout=8365}; Octavia-Serie=2788{Octavia=1355; Octavia RS=2000335; Octavia Scout=2000336}; " +
    "Superb-Serie=2794{Superb=7532; Superb Scout=2003459}; Elroq=729; Fabia=6747; Kamiq=2000518; Scala=2000517",
  // Audi
  "744":
    "A1-Serie=2490{A1=2000166; S1=2000304}; A3-Serie=2482{A3=2046; RS3=2000184; S3=3731}; " +
    "A4-Serie=2486{A4=839; A4 allroad=2000140; RS4=6721; S4=2891}; A5-Serie=2485{A5=8314; RS5=2000185; S5=2000082}; " +
    "A6-Serie=2492{A6=840; A6 allroad=6736; A6 e-tron=596; RS6=7709; S6=843; S6 e-tron=758}; A8-Serie=2484{A8=841; S8=3786}; " +
    "Q3-Serie=2497{Q3=2000190; RS Q3=2000454}; Q4-Serie=3568{Q4 e-tron=2000541}; Q5-Serie=2489{Q5=2000097; SQ5=2000296}; " +
    "Q7-Serie=2494{Q7=8149; SQ7=2000402}; " +
    "Q8-Serie=2483{Q8=2000455; Q8 e-tron=2000617; RS Q8=8344; SQ8=8343; SQ8 e-tron=2001149}; " +
    "TT-Serie=2488{TT=3732; TT RS=2001150; TTS=2001151}; e-tron GT-Serie=2495{e-tron GT=2000540; e-tron GT RS=2000539}; " +
    "e-tron=2000503; e-tron S=1622; e-tron Sportback=8373; R8=8340",
  // Mercedes-Benz: every class is matched as a whole, so no children.
  "785":
    "A-Klass=3777; AMG GT-Serie=2000369; B-Klass=1024; C-Klass=3776; CLA-Klass=2000250; E-Klass=3775; EQA-Klass=2000536; EQB-Klass=2000559; " +
    "EQC-Klass=2000515; EQE SUV-Klass=4165; EQE-Klass=8312; EQS SUV-Klass=4166; EQS-Klass=8303; EQV-Klass=8394; G-Klass=1507; " +
    "GLA-Klass=2000285; GLB-Klass=8393; GLC-Klass=2000332; GLE-Klass=2000327; GLS-Klass=2000384; S-Klass=3773; " +
    "SL-Klass=7113; Sprinter-Klass=1187; V-Klass=3772; Vito-Klass=2897; EQT200=2002708; Marco Polo=2324; Viano=7871",
  // Porsche
  "801":
    "911-Serie=2768{911=1301; 911 Carrera=2003246; 911 Carrera 4=2003248; 911 Carrera 4 GTS=2003249; 911 Carrera 4S=2003250; " +
    "911 Carrera GTS=2003251; 911 Carrera RS=2003252; 911 Carrera S=2003253; 911 Carrera T=2003254; 911 GT2 RS=2003259; " +
    "911 GT3=2003260; 911 GT3 RS=2003261; 911 S=2003264; 911 T=2003268; 911 Targa=2003269; 911 Targa 4=2003270; " +
    "911 Targa 4 GTS=2003271; 911 Targa 4S=2003272; 911 Turbo=2003273; 911 Turbo S=2003274}; " +
    "Boxster-Serie=2770{718 Boxster=2003233; 718 Boxster GTS=2003234; 718 Boxster S=2003235; 718 Boxster T=2003236; " +
    "718 Spyder=2003244; 718 Spyder RS=2003245; Boxster=3756; Boxster S=2003281; Boxster Spyder=2003282}; " +
    "Cayenne-Serie=2766{Cayenne=7714; Cayenne Coupe=2000612; Cayenne GTS=2003283; Cayenne S=2003284; Cayenne Turbo=2003285; " +
    "Cayenne Turbo GT=2003286; Cayenne Turbo S=2003287}; " +
    "Cayman-Serie=2763{718 Cayman=2003237; 718 Cayman GT4=2003238; 718 Cayman GT4 Clubsport=2003239; 718 Cayman GT4 RS=2003240; " +
    "718 Cayman GTS=2003241; 718 Cayman S=2003242; 718 Cayman T=2003243; Cayman=2000067; Cayman GT4=2003288; Cayman R=2003291; " +
    "Cayman S=2003292}; " +
    "Macan-Serie=2764{Macan=2000276; Macan 4=2003294; Macan 4S=2003295; Macan GTS=2003296; Macan S=2003297; Macan T=2003298; " +
    "Macan Turbo=2003299}; " +
    "Panamera-Serie=2765{Panamera=2000121; Panamera 4=2003300; Panamera 4S=2003301; Panamera GTS=2003302; Panamera S=2003303; " +
    "Panamera Turbo=2003304; Panamera Turbo S=2003305}; " +
    "Taycan-Serie=2769{Taycan=2000527; Taycan 4=2003306; Taycan 4S=2003307; Taycan Cross Turismo=2000556; Taycan GTS=2003308; " +
    "Taycan Turbo=2003309; Taycan Turbo GT=2003310; Taycan Turbo S=2003311}; 718=1382",
  // Jaguar
  "775": "XF-Serie=2675; E-PACE=2000432; F-PACE=2000371; F-TYPE=2000252; I-PACE=2000447; MK. II=673; XE=2000324",
  // Ford
  "767":
    "C-MAX-Serie=2670{C-Max=7995; Focus C-MAX=2001899; Grand C-MAX=2000218}; Transit Custom-Serie=2667{E-Transit Custom 320S=1343; " +
    "Transit Custom=2000266}; Tourneo Custom-Serie=2664{Tourneo Custom=2000272}; " +
    "Transit-Serie=2665{E-Transit=3176; Transit=1063; Transit 120=2001956; Transit 280 Tourneo=2001976; Transit 350 L2 Van=2002022; " +
    "Transit 350 L3 Van=2002025; Transit T260=2002094; Transit Tourneo=2002096}; Explorer=2848; Fiesta=1052; Focus=3739; " +
    "Focus CC=2000076; Galaxy=1053; Kuga=2000084; Mondeo=1055; Mustang=1056; Mustang Mach-E=2000460; Puma=3257; Ranger=2854; " +
    "Ranger Raptor=2000676; S-MAX=1065; Transit Connect=8191",
  // Mazda
  "784": "2=8063; 3=7795; 5=8147; 6=7513; 626=1147; 6e=1242; CX-30=2000519; CX-5=2000214; CX-60=8403; MX-30=8377; MX-5=1155; MX-6=2002371",
  // Toyota
  "813":
    "Avensis-Serie=2815{Avensis=3252; Avensis Verso=7537}; Aygo-Serie=2817{Aygo=1480; Aygo X=2000581}; " +
    "Prius-Serie=2821{Prius=6749; Prius Plug-in Hybrid=2000426; Prius+=2003508}; " +
    "Proace-Serie=2825{Proace=2000267; Proace City=8372; Proace City Verso=1527; Proace Verso=2000423}; " +
    "Verso-Serie=2820{Corolla Verso=1023; Verso=2000134; Verso-S=2000198}; " +
    "Yaris-Serie=2818{GR Yaris=2000534; Yaris=3759; Yaris Cross=2000601; Yaris Verso=1022}; Auris=2000062; bZ4X=2000575; " +
    "C-HR=2000401; C-HR+=2166; Camry=1386; Highlander=2000072; Corolla=1389; Corolla Cross=2000600; GR86=2000620; GT86=2000229; HiLux=1396; " +
    "Land Cruiser=1397; ProAce Max=731; RAV4=3074; Supra=1402",
  // Saab
  "806": "9-3=3224; 9-3X=2003430; 9-5=3057; 900=1339; 9000=1340; 93=2334; 95=2003437; 96=2003438; 99=1341",
  // Opel
  "795":
    "Astra-Serie=2744{Astra=1247}; Corsa-Serie=2747{Corsa=1254; Corsa-e=2003110}; Mokka-Serie=2741{Mokka=2000226; Mokka X=2003115; " +
    "Mokka-e=2003116}; Zafira-Serie=2745{Zafira=3753; Zafira Life=2003124; Zafira Tourer=2000274}; Insignia=2000099; Insignia Country Tourer=2000288",
  // Subaru
  "810": "BRZ=2000228; Crosstrek=2003468; E-Outback=3480; Forester=3655; Impreza=1368; Legacy Outback=2003470; Levorg=2000344; Outback=7141; Solterra=2000590; XV=2000206",
  // Lexus
  "782": "ES-Serie=2000509; IS-Serie=3812; NX-Serie=2685; RC-Serie=2000387; RX-Serie=2688; UX-Serie=2000510; CT200h=2000186; LBX=2002289",
  // Suzuki
  "811": "SX4-Serie=3547{SX4=8269; SX4 S-Cross=2000284}; Across=8375; eVitara=1351; Grand Vitara=3757; Ignis=6748; Jimny=7142; S-Cross=2003480; Splash=2000159; " +
    "Swace=2003484; Swift=1377; Vitara=1378",
  // Seat
  "807": "Alhambra=3825; Arona=2000456; Ateca=2000448; Ibiza=1346; Leon=6746; Mii=2000520; Tarraco=2000516",
  // Mitsubishi
  "787": "L200-Serie=2734{L200=1195; L200 Club Cab=2003030}; ASX=2000165; Eclipse Cross=2000439; Outlander=7713; Pajero=1198; Space Star=3752",
  // Citroen
  "757":
    "Berlingo-Serie=2575{Berlingo=3255; Berlingo Electrique=7768; E-Berlingo=2001663}; " +
    "C4-Serie=2520{C4=7986; C4 Aircross=2000211; C4 Cactus=2000292; C4 Picasso=1492; C4 SpaceTourer=2001635; C4 X=2001636; " +
    "E-C4=2000544; E-C4 X=2000615; Grand C4 Picasso=2000080; Grand C4 Spacetourer=2000449}; " +
    "C5-Serie=2518{C5=7115; C5 Aircross=2000514; C5 X=2000604}; C1=8237; SpaceTourer=2000434",
  // Land Rover
  "781":
    "Defender-Serie=6742{Defender 110=2002259; Defender 130=2002260; Defender 90=2002261}; " +
    "Discovery-Serie=2680{Discovery=1135; Discovery 3=2002262; Discovery 4=2002263; Discovery 5=2002264; Discovery Sport=2000319}; " +
    "Freelander-Serie=2683{Freelander=3750; Freelander 2=2002266}; " +
    "Range Rover-Serie=2682{Range Rover=1136; Range Rover Evoque=2000197; Range Rover Sport=8265; Range Rover Velar=2000416}; " +
    "Serie II=2002269; Serie III=2002271",
  // Isuzu
  "7179": "D-max=2000077",
  // Alfa Romeo
  "3233":
    "Giulia=2000373; Giulia 1600=2001101; Giulia Quadrifoglio=2000535; Giulietta=3785; Stelvio=2000407; " +
    "Stelvio Quadrifoglio=2000502; Tonale=2000597",
  // SsangYong
  "7190": "Actyon Sports=8302; Korando=7510; Kyron=8301; Musso=7192; Musso Grand=748; Rexton=7511; Rodius=8173; Tivoli=2000343",
  // Lynk & Co
  "200769": "01=2000901; 02=1364; 08=1760",
  // Smart
  "7137": "Fortwo-Serie=2795{Fortwo=1483; Fortwo cabrio=8189}; #1=1069; #3=1070; #5=1366; Forfour=8190",
  // Jeep
  "776": "Avenger=2000607; Cherokee=1113; Compass=8315; Grand Cherokee=2143; Renegade=2000317; Wrangler=1116; Wrangler Unlimited=2002222",
};

export type TreeNode = { name: string; code: string; children: TreeNode[] };

const ITEM = /\s*([^=;{}]+?)=(\d+)(?:\{([^}]*)\})?\s*(?:;|$)/gy;

function parseItems(spec: string, code: (id: string) => string, childCode?: (seriesId: string, id: string) => string): TreeNode[] {
  const nodes: TreeNode[] = [];
  let consumed = 0;
  for (const match of spec.matchAll(new RegExp(ITEM.source, "gy"))) {
    const [text, name = "", id = "", children] = match;
    consumed += text.length;
    const nested = children !== undefined && childCode ? parseItems(children, (child) => childCode(id, child)) : [];
    nodes.push({ name: name.trim(), code: code(id), children: nested });
  }
  // A typo must fail loudly at load (and in the tests), not silently drop the rest of a make.
  if (consumed !== spec.length) throw new Error(`Bundled Blocket tree: cannot read "${spec.slice(consumed, consumed + 40)}"`);
  return nodes;
}

/** The bundled tree per make code ("0.818" → its models and series). */
export const BUNDLED_TREE: Readonly<Record<string, readonly TreeNode[]>> = Object.fromEntries(
  Object.entries(TREE).map(([make, spec]) => [
    `0.${make}`,
    parseItems(spec, (id) => `1.${make}.${id}`, (series, id) => `2.${make}.${series}.${id}`),
  ]),
);
