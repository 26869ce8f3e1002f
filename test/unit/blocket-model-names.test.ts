import { describe, expect, it } from "vitest";
import { CATALOGUE } from "#app/server/cars/catalogue.server";
import { adIsModel, baseModelName, findModelCodes, type VariantNode } from "#app/server/marketplace/blocket-model-names.server";
import { BUNDLED_MAKE_CODES, BUNDLED_MODEL_CODES, bundledMakeCode } from "#app/server/marketplace/blocket-variant-codes.server";
import { readVariantTree, SearchResponseSchema } from "#app/server/marketplace/blocket-wire.server";

/**
 * Model names against Blocket's make/model tree ("V60 II" once found no ads). Trees are fed
 * through the adapter's own reader in the shape the live API answers: `filters[name=variant].filter_items[]` with `value`, `display_name`, `hits` and nested
 * `filter_items` for make, series and model. `hits` are made up (the dump has none); names and
 * codes are Blocket's.
 */

type Item = { name: "variant"; display_name: string; value: string; hits: number; selected: boolean; filter_items: Item[] };
const item = (display_name: string, value: string, filter_items: Item[] = []): Item => ({
  name: "variant",
  display_name,
  value,
  hits: 7 + filter_items.reduce((sum, child) => sum + child.hits, 0),
  selected: false,
  filter_items,
});

/** A search answer for one selected make, parsed and read the way the adapter reads it. */
function treeFrom(make: Item): VariantNode[] {
  const response = SearchResponseSchema.parse({
    docs: [],
    filters: [
      { name: "variant", display_name: "Märke och modell", type: "STANDARD_FILTER", filter_items: [{ ...make, selected: true }] },
      { name: "mileage", display_name: "Miltal", type: "RANGE_FILTER", unit: "mil", filter_items: [] },
    ],
    metadata: { result_size: { match_count: make.hits } },
  });
  const tree = readVariantTree(response, make.value);
  if (!tree) throw new Error(`no tree for ${make.display_name}`);
  return tree;
}

const toItems = (nodes: readonly VariantNode[]): Item[] => nodes.map((node) => item(node.name, node.code, toItems(node.children)));
const makeName = (code: string) => Object.entries(BUNDLED_MAKE_CODES).find(([, value]) => value === code)?.[0] ?? code;
const realTrees = new Map<string, VariantNode[]>();
/** The bundled tree (the 2026-09-27 live dump) for one make, round-tripped through the wire shape. */
function realTree(makeCode: string): VariantNode[] {
  let tree = realTrees.get(makeCode);
  if (!tree) {
    tree = treeFrom(item(makeName(makeCode), makeCode, toItems(BUNDLED_MODEL_CODES[makeCode] ?? [])));
    realTrees.set(makeCode, tree);
  }
  return tree;
}

// The reference's own samples (§1.3), as partial as the reference gives them.
const referenceTrees = {
  volvo: treeFrom(
    item("Volvo", "0.818", [
      item("XC60", "1.818.2000093"),
      item("XC40", "1.818.2000437"),
      item("XC90", "1.818.7651"),
      item("V70", "1.818.3077"),
      item("EX30", "1.818.2000653"),
      item("V60-Serie", "1.818.2843", [item("V60", "2.818.2843.2000172"), item("V60 Cross Country", "2.818.2843.2000346")]),
      item("V90-Serie", "1.818.2839"),
    ]),
  ),
  volkswagen: treeFrom(
    item("Volkswagen", "0.817", [
      item("Golf-Serie", "1.817.1433", [item("Golf VII", "2.817.1433.2003579"), item("Golf VIII", "2.817.1433.2003580")]),
      item("Passat-Serie", "1.817.2835", [item("Passat", "2.817.2835.1437")]),
      item("Tiguan-Serie", "1.817.2834"),
      item("ID.4", "1.817.8392"),
      item("ID.3", "1.817.8376"),
    ]),
  ),
  bmw: treeFrom(
    item("BMW", "0.749", [item("3-Serie", "1.749.2132", [item("320d", "2.749.2132.2001255")]), item("X-Serie", "1.749.2466", [item("X5", "2.749.2466.6737")])]),
  ),
  mercedes: treeFrom(item("Mercedes-Benz", "0.785", [item("C-Klass", "1.785.3776")])),
  tesla: treeFrom(item("Tesla", "0.8078", [item("Model 3", "1.8078.2000501"), item("Model Y", "1.8078.2000555"), item("Model S", "1.8078.2000138")])),
  polestar: treeFrom(item("Polestar", "0.8102", [item("2", "1.8102.8370")])),
  kia: treeFrom(item("Kia", "0.777", [item("Niro-Serie", "1.777.2679"), item("Sportage", "1.777.1119"), item("EV6", "1.777.8300")])),
};

describe("base model names", () => {
  it("strips generation numerals, Mk N, bracketed text and a leading make", () => {
    expect(baseModelName("V60 II")).toBe("V60");
    expect(baseModelName("XC60 II")).toBe("XC60");
    expect(baseModelName("Golf VII")).toBe("Golf");
    expect(baseModelName("Golf Mk7")).toBe("Golf");
    expect(baseModelName("Golf Mk 7")).toBe("Golf");
    expect(baseModelName("Passat (B8)")).toBe("Passat");
    expect(baseModelName("Clio V [2019–]")).toBe("Clio");
    expect(baseModelName("  Volvo XC90 II ", "Volvo")).toBe("XC90");
    expect(baseModelName("Grand Scenic III")).toBe("Grand Scenic");
    expect(baseModelName("Lynk & Co 01", "Lynk & Co")).toBe("01");
    // Already base names: untouched.
    for (const name of ["V60", "Golf", "Model 3", "C-Klass", "3-serie", "ID.4", "up!", "Range Rover Sport", "Model X", "Model S"]) {
      expect(baseModelName(name)).toBe(name);
    }
    // A name made only of such parts is a real name (Jaguar MK. II).
    expect(baseModelName("MK. II")).toBe("MK. II");
  });
});

describe("model names against the reference's sample tree", () => {
  it("maps base names and generation names onto the model, the series or the right child", () => {
    const { volvo, volkswagen, bmw, mercedes, tesla, polestar, kia } = referenceTrees;
    expect(findModelCodes(volvo, "V60")).toEqual(["2.818.2843.2000172"]);
    expect(findModelCodes(volvo, "V60 II")).toEqual(["2.818.2843.2000172"]);
    expect(findModelCodes(volvo, "V60 Cross Country")).toEqual(["2.818.2843.2000346"]);
    expect(findModelCodes(volvo, "XC60 II")).toEqual(["1.818.2000093"]);
    expect(findModelCodes(volvo, "V90")).toEqual(["1.818.2839"]);
    // Golf-Serie → Golf VII / Golf VIII: the base name takes the series (all generations) …
    for (const name of ["Golf", "Golf Mk7", "Golf (5G)"]) expect(findModelCodes(volkswagen, name), name).toEqual(["1.817.1433"]);
    // … a generation that Blocket lists takes that child.
    expect(findModelCodes(volkswagen, "Golf VII")).toEqual(["2.817.1433.2003579"]);
    expect(findModelCodes(volkswagen, "Passat (B8)")).toEqual(["1.817.2835"]);
    expect(findModelCodes(volkswagen, "Tiguan")).toEqual(["1.817.2834"]);
    expect(findModelCodes(volkswagen, "ID.4")).toEqual(["1.817.8392"]);
    expect(findModelCodes(bmw, "3-serie")).toEqual(["1.749.2132"]);
    expect(findModelCodes(bmw, "320d")).toEqual(["2.749.2132.2001255"]);
    // X-Serie is not named after the X5: never taken whole, though this sample lists only the X5.
    expect(findModelCodes(bmw, "X5")).toEqual(["2.749.2466.6737"]);
    expect(findModelCodes(mercedes, "C-klass")).toEqual(["1.785.3776"]);
    expect(findModelCodes(tesla, "Model 3")).toEqual(["1.8078.2000501"]);
    expect(findModelCodes(polestar, "2")).toEqual(["1.8102.8370"]);
    expect(findModelCodes(polestar, "Polestar 2", { make: "Polestar" })).toEqual(["1.8102.8370"]);
    expect(findModelCodes(kia, "Niro")).toEqual(["1.777.2679"]);
    expect(findModelCodes(volvo, "P1800")).toBeUndefined();
  });
});

describe("model names against Blocket's real tree (2026-09-27 dump)", () => {
  const code = (make: string) => bundledMakeCode(make) ?? "";
  const find = (make: string, model: string, fuel?: "el" | "bensin") => findModelCodes(realTree(code(make)), model, fuel ? { make, fuel } : { make });

  it("takes every generation of a base name, and only its generations", () => {
    // Golf I, II, III, IV, V, VI, VII, VIII
    const generations = ["2003571", "2003572", "2003574", "2003575", "2003577", "2003578", "2003579", "2003580"].map((id) => `2.817.1433.${id}`);
    expect(find("Volkswagen", "Golf")).toEqual(generations);
    expect(find("Volkswagen", "Golf", "el")).toContain("2.817.1433.2003566"); // e-Golf VII
    expect(find("Volkswagen", "Golf")).not.toContain("2.817.1433.2000297"); // Golf Sportsvan
    expect(find("Renault", "Clio")).toEqual(["1.804.2773"]); // Clio, IV, V, VI: the whole series
    expect(find("Renault", "Clio IV")).toEqual(["2.804.2773.2003330"]);
    expect(find("Renault", "Clio V (2019–)")).toEqual(["2.804.2773.2003331"]);
    expect(find("Land Rover", "Discovery")).toEqual(["2.781.2680.1135", "2.781.2680.2002262", "2.781.2680.2002263", "2.781.2680.2002264"]);
    expect(find("Land Rover", "Defender")).toEqual(["1.781.6742"]);
    expect(find("Nissan", "Terrano")).toEqual(["1.792.4132"]); // only "Terrano II" in it
  });

  it("takes trims with the model but not other cars that share its name", () => {
    expect(find("Porsche", "911")).toEqual(["1.801.2768"]);
    expect(find("Porsche", "Cayenne")).toEqual(["1.801.2766"]);
    expect(find("Porsche", "Taycan")).not.toContain("2.801.2769.2000556"); // Cross Turismo
    expect(find("Land Rover", "Range Rover")).toEqual(["2.781.2682.1136"]);
    expect(find("Land Rover", "Range Rover Sport")).toEqual(["2.781.2682.8265"]);
    expect(find("Volvo", "V60")).toEqual(["2.818.2843.2000172"]);
    expect(find("Volkswagen", "Tiguan")).toEqual(["2.817.2834.8329"]);
    expect(find("Volkswagen", "Passat")).toEqual(["2.817.2835.1437"]); // not the Passat CC
    expect(find("MINI", "Cooper")).toEqual(["2.7147.2697.7150", "2.7147.2697.2000043"]); // Cooper, Cooper S
    expect(find("MINI", "Cooper SE")).toEqual(["2.7147.2697.2000619"]);
    expect(find("BMW", "X5")).toEqual(["2.749.2466.6737", "2.749.2466.8360"]); // X5, X5 M
    expect(find("Hyundai", "Ioniq")).toEqual(["1.772.2000393"]); // not the Ioniq 5
    expect(find("Saab", "9-3")).toEqual(["1.806.3224"]);
    expect(find("Saab", "93")).toEqual(["1.806.2334"]);
    expect(find("Toyota", "C-HR")).toEqual(["1.813.2000401"]);
    expect(find("Toyota", "Prius")).toEqual(["2.813.2821.6749"]); // not the Prius+
    expect(find("Mercedes-Benz", "EQE")).toEqual(["1.785.8312"]); // not the EQE SUV
    expect(find("Mercedes-Benz", "GLC")).toEqual(["1.785.2000332"]);
    expect(find("Lexus", "CT")).toEqual(["1.782.2000186"]); // listed only as CT200h
    expect(find("Skoda", "Citigo")).toEqual(["2.808.2790.2000224"]); // under "Citigo-SerieCitigo-Serie"
    expect(find("Volkswagen", "up!")).toEqual(["2.817.2827.2000208"]); // "UP!"
  });

  it("adds the electric twin Blocket lists separately only for an electric car", () => {
    expect(find("Peugeot", "208", "bensin")).toEqual(["2.796.2759.2000212"]);
    expect(find("Peugeot", "208", "el")).toEqual(["1.796.2759"]); // 208 and e-208: the series
    expect(find("Kia", "Niro", "el")).toEqual(["1.777.2679"]);
    expect(find("MG", "ZS", "el")).toEqual(["1.786.8351", "1.786.8345"]); // ZS, ZS EV
    expect(find("Mazda", "6", "bensin")).toEqual(["1.784.7513"]);
  });

  it("resolves every make and model our catalogue names to codes of that make", () => {
    const unresolved: string[] = [];
    const seen = new Set<string>();
    for (const variant of CATALOGUE) {
      const key = `${variant.make} ${variant.model} (${variant.fuel})`;
      if (seen.has(key)) continue;
      seen.add(key);
      const makeCode = bundledMakeCode(variant.make);
      const codes = makeCode ? findModelCodes(realTree(makeCode), variant.model, { make: variant.make, fuel: variant.fuel }) : undefined;
      if (!makeCode || !codes) {
        unresolved.push(key);
        continue;
      }
      const makeId = makeCode.slice(2);
      for (const found of codes) expect(found, key).toMatch(new RegExp(`^(1\\.${makeId}\\.\\d+|2\\.${makeId}\\.\\d+\\.\\d+)$`));
    }
    // Anything listed here would fall back to a make-level text search, filtered by us.
    expect(unresolved).toEqual([]);
    expect(seen.size).toBeGreaterThan(200);
  });

  it("resolves a catalogue name with a generation, Mk or bracket added like the name itself", () => {
    const pairs = new Map(CATALOGUE.map((variant) => [`${variant.make}|${variant.model}`, variant]));
    for (const { make, model } of pairs.values()) {
      const tree = realTree(bundledMakeCode(make) ?? "");
      const plain = findModelCodes(tree, model, { make });
      for (const decorated of [`${model} Mk3`, `${model} (2019–2024)`, `${make} ${model}`]) {
        expect(findModelCodes(tree, decorated, { make }), `${make} ${decorated}`).toEqual(plain);
      }
      // "<model> II" too, unless Blocket lists that generation itself (then it is the better match).
      const listed = [...tree, ...tree.flatMap((node) => node.children)].some((node) => node.name.toLowerCase() === `${model} II`.toLowerCase());
      if (!listed) expect(findModelCodes(tree, `${model} II`, { make }), `${make} ${model} II`).toEqual(plain);
    }
  });
});

describe("our own model filter for make-level searches", () => {
  it("accepts the base model and its generations, not its look-alikes", () => {
    expect(adIsModel({ model: "V60" }, "V60 II", "Volvo")).toBe(true);
    expect(adIsModel({ model: "V60 Cross Country" }, "V60", "Volvo")).toBe(false);
    expect(adIsModel({ model: "Golf VII", series: "Golf-Serie" }, "Golf", "Volkswagen")).toBe(true);
    expect(adIsModel({ model: "Golf Sportsvan", series: "Golf-Serie" }, "Golf", "Volkswagen")).toBe(false);
    expect(adIsModel({ model: "320d", series: "3-Serie" }, "3-serie", "BMW")).toBe(true);
    expect(adIsModel({ model: "X5", series: "X-Serie" }, "X3", "BMW")).toBe(false);
    expect(adIsModel({ heading: "Volvo V60 D4 AWD Momentum" }, "V60 II", "Volvo")).toBe(true);
    expect(adIsModel({ heading: "Volvo XC60 D4" }, "V60", "Volvo")).toBe(false);
  });
});
