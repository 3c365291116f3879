import { beforeAll, describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import type { ApiModel, OperationModel } from "../../src/model/types.js";
import { fixtureCatalogue, generateForTest, repoCatalogue } from "../helpers/generate.js";
import { headings, markdownProblems, minTableWidth, parseMarkdown, plainText, tables, walk, type Heading, type MdNode } from "./markdown-ast.js";
import { readPages, section } from "./pages.js";
import { readSeed, seedLimit, seedMeanings, seedOneYearRule, seedReference } from "../helpers/seed.js";

const operations = (model: ApiModel): OperationModel[] => model.modules.flatMap((module) => module.operations);

/**
 * Every relative link of every page points at an existing page and, when it has an anchor, at
 * the heading it means: the one GitHub gives that anchor (slugs computed from the parsed
 * headings, in document order) must show the link's label, and be an operation section or a
 * declared type.
 */
async function linkProblems(pages: Map<string, string>): Promise<string[]> {
  const anchors = new Map<string, Map<string, Heading>>();
  const trees = new Map<string, MdNode>();
  for (const [name, text] of pages) {
    const tree = await parseMarkdown(text);
    trees.set(name, tree);
    anchors.set(name, new Map(headings(tree).map((heading) => [heading.anchor, heading])));
  }
  const problems: string[] = [];
  for (const [name, tree] of trees) {
    for (const node of walk(tree)) {
      if (node.type !== "link" || /^[a-z]+:/.test(node.url!)) continue;
      const [file, anchor] = node.url!.split("#");
      const target = file === "" ? name : file!;
      const label = plainText(node);
      if (!anchors.has(target)) problems.push(`${name}: ${node.url} (no page)`);
      if (anchor === undefined || !anchors.has(target)) continue;
      const heading = anchors.get(target)!.get(decodeURIComponent(anchor));
      if (heading === undefined) problems.push(`${name}: [${label}](${node.url}) (no heading)`);
      else if (heading.text !== label) problems.push(`${name}: [${label}](${node.url}) goes to heading "${heading.text}"`);
      else if (!(heading.depth === 2 || (heading.depth === 3 && heading.parent === "Types declared in this module"))) {
        problems.push(`${name}: [${label}](${node.url}) goes to a level-${heading.depth} heading under "${heading.parent}"`);
      }
    }
  }
  return problems;
}

describe("docs of the real catalogue", () => {
  let model: ApiModel;
  let pages: Map<string, string>;

  beforeAll(async () => {
    model = await loadModel(repoCatalogue);
    pages = await readPages(await generateForTest({ targets: ["docs"] }));
  });

  it("has a README and one page per module, for all the seed's modules", () => {
    // Section 1 names ten modules; the supplies row says "1 shown", the number is what is shown.
    const seedModules = readSeed().moduleCounts;
    expect(model.modules).toHaveLength(seedModules.size);
    expect([...pages.keys()]).toEqual(["README.md", ...model.modules.map((module) => `${module.id}.md`)].sort());
    for (const [id, count] of seedModules) {
      expect(model.modules.find((module) => module.id === id)?.operations.length, id).toBe(Number.parseInt(count, 10));
    }
  });

  it("README lists each module with title, area, operation count and a link to its page", async () => {
    const readme = await parseMarkdown(pages.get("README.md")!);
    const [modulesTable] = tables(readme);
    expect(modulesTable!.slice(1)).toEqual(
      model.modules.map((module) => [module.id, module.title, module.area, String(module.operations.length)]),
    );
    const links = [...walk(readme)].filter((node) => node.type === "link").map((node) => node.url);
    for (const module of model.modules) expect(links).toContain(`${module.id}.md`);
    const total = readSeed().operations.length;
    expect(operations(model)).toHaveLength(total);
    expect(plainText(readme)).toContain(`${total} operations in ${model.modules.length} modules.`);
  });

  it("README explains auth and what 'not documented' means", async () => {
    const text = plainText(await parseMarkdown(pages.get("README.md")!));
    expect(text).toContain(`access token in the ${model.auth.header} header`);
    for (const kind of model.auth.tokenKinds) expect(text).toContain(kind.description);
    expect(text).toMatch(/not documented means the source .* says nothing/);
  });

  it("each module page tables its operations and has one section per operation", async () => {
    for (const module of model.modules) {
      const page = pages.get(`${module.id}.md`)!;
      const tree = await parseMarkdown(page);
      const [table] = tables(tree);
      expect(table![0]).toEqual(["Operation", "Method and path", "Purpose"]);
      expect(table!.slice(1)).toEqual(
        module.operations.map((operation) => [operation.id, `${operation.method} ${operation.path}`, operation.summary]),
      );
      const sections = [...walk(tree)].filter((node) => node.type === "heading" && node.depth === 2).map(plainText);
      expect(sections.filter((heading) => heading !== "Operations" && !heading.startsWith("Types"))).toEqual(
        module.operations.map((operation) => operation.id),
      );
    }
  });

  it("lists every operation of the seed with its method and path", () => {
    const all = [...pages.values()].join("\n");
    for (const { method, path } of readSeed().operations) {
      expect(all, `${method} ${path}`).toContain(`\`${method} ${path}\``);
    }
  });

  it("keeps every table whole, every cell filled and no raw HTML", async () => {
    for (const [name, page] of pages) expect(await markdownProblems(page), name).toEqual([]);
  });

  it("has no broken links between pages and sections", async () => {
    expect(await linkProblems(pages)).toEqual([]);
  });

  it("names the parts the catalogue is silent on in one line per operation, and shows the others", async () => {
    for (const operation of operations(model)) {
      const text = section(pages.get(`${operation.module}.md`)!, operation.id);
      // [silent?, the part's name in the "Not documented" line, what the section shows when it is documented]
      const parts: [boolean, string, RegExp][] = [
        [operation.tokens === undefined, "token kinds", /^- \*\*Token kinds:\*\* /m],
        [operation.description === undefined, "description", /^### Description$/m],
        [!operation.limits?.length, "rate limits", /^### Rate limits$/m],
        [!operation.constraints?.length, "constraints", /^### Constraints$/m],
        [operation.query === undefined, "query parameters", /^Query parameters: none\.$|^\| \S+ \| query \|/m],
        [operation.headers === undefined, "header parameters", /^Header parameters \(besides the token header\): none\.$|^\| \S+ \| header \|/m],
        [operation.request === undefined, "request body", /^### Request body$/m],
        [!operation.responses?.length, "responses", /^### Responses$/m],
      ];
      const silent = parts.filter(([isSilent]) => isSilent).map(([, name]) => name);
      const line = /^- \*\*Not documented:\*\* (.*)\.$/m.exec(text);
      expect(line?.[1]!.split(", ") ?? [], operation.id).toEqual(silent);
      for (const [isSilent, name, shown] of parts) expect(shown.test(text), `${operation.id}: ${name}`).toBe(!isSilent);
      // Besides that line, "not documented" is said only of one cell of a table or one point of a
      // documented part (a response without a description, a body without a shape, open fields).
      const elsewhere = text
        .split("\n")
        .filter((candidate) => /not documented/i.test(candidate) && candidate !== line?.[0] && !candidate.startsWith("|"));
      for (const candidate of elsewhere) {
        expect(candidate, operation.id).toMatch(
          /^(Description: not documented\.|Shape: not documented\.|Other fields: allowed; their names and types are not documented\.)$/,
        );
      }
      const parameters = tables(await parseMarkdown(text)).find((table) => table[0]![0] === "Name") ?? [];
      for (const parameter of operation.pathParams) {
        const row = parameters.find((candidate) => candidate[0] === parameter.name);
        expect(row, `${operation.id} ${parameter.name}`).toBeDefined();
        if (parameter.schema === undefined) expect(row![2]).toBe("not documented (sent as text)");
      }
    }
  });

  it("describes each named type once, on the page of the module that declares it, and links it from the operations", () => {
    for (const module of model.modules) {
      const page = pages.get(`${module.id}.md`)!;
      // "Type: ..." opens a named type's description and nothing else.
      const declared = model.types.filter((named) => named.module === module.id);
      expect(page.match(/^Type: /gm)?.length ?? 0, module.id).toBe(declared.length);
      for (const named of declared) expect(page.split(`\n### ${named.name}\n`).length, named.name).toBe(2);
    }
    const supplies = pages.get("supplies.md")!;
    expect(section(supplies, "getDiscrepancies")).toContain("- **Types used:** [ItemDiscrepancyResponse](#itemdiscrepancyresponse)");
  });

  it("has tables that fit GitHub's 980 px column", async () => {
    // GitHub shows a table at its natural width up to the 980 px column (`width: max-content;
    // max-width: 100%`), wrapping cells at spaces and after hyphens; past that it cuts the table and
    // scrolls. So a table fits when its narrowest form does: the longest unbreakable run of each
    // column plus each cell's padding (minTableWidth, in characters). Measured in Chromium with
    // GitHub's Markdown CSS (Liberation Sans and Mono standing in for its fonts), that measure
    // costs 8.2 to 8.75 px per character over every operations table; 110 characters is 962 px at
    // the widest ratio. The old six-column operations tables measured up to 141 (1,192 px).
    for (const [name, page] of pages) {
      for (const table of tables(await parseMarkdown(page))) {
        expect(minTableWidth(table), `${name}: ${table[0]!.join(" | ")}`).toBeLessThanOrEqual(110);
      }
    }
  });

  describe("the reference entry", () => {
    let text: string;
    let tree: MdNode;
    /** The page's "Types declared in this module", where the response record is described. */
    let typesTree: MdNode;
    let operation: OperationModel;

    beforeAll(async () => {
      const reference = seedReference();
      operation = operations(model).find((candidate) => candidate.method === reference.method && candidate.path === reference.path)!;
      text = section(pages.get(`${operation.module}.md`)!, operation.id);
      tree = await parseMarkdown(text);
      typesTree = await parseMarkdown(section(pages.get(`${operation.module}.md`)!, "Types declared in this module"));
    });

    it("has the four meanings of section 4.10 with their direction and values", () => {
      const table = tables(typesTree).find((candidate) => candidate[0]!.includes("Meaning"))!;
      expect(table[0]).toEqual(["Group", "discrepancyType", "discrepancyLabel", "Meaning"]);
      const rows = table.slice(1).map(([group, type, label, meaning]) => ({
        direction: group!,
        type: JSON.parse(type!) as string,
        label: JSON.parse(label!) as string,
        meaning: meaning!,
      }));
      const meanings = seedMeanings();
      expect(meanings).toHaveLength(4);
      expect(rows).toEqual(meanings);
    });

    it("has the one-year rule, the token kinds and the rate limit of sections 4.10, 5 and 8", () => {
      const plain = plainText(tree);
      const rule = seedOneYearRule();
      // 4.10's sentence is the description verbatim; section 8's is a constraint in the catalogue's words.
      expect(plain).toContain(rule.operation);
      const covered = /only (supplies accepted within the last year)/.exec(rule.limits)![1]!;
      expect(plain.toLowerCase()).toContain(covered);
      expect(plain).toContain("Token kinds: personal (Personal token), service (Service token)");
      const limits = tables(tree).find((candidate) => candidate[0]![0] === "Scope")!;
      const limit = seedLimit();
      // The seed's "per seller profile": the catalogue's principal, seller.
      expect(limit.per).toMatch(/^seller\b/);
      expect(limits.slice(1)).toEqual([["seller", limit.period, String(limit.limit), limit.interval, String(limit.burst)]]);
    });

    it("has the parameter, the response record with its fields, and a JSON example", () => {
      const parameters = tables(tree).find((candidate) => candidate[0]![0] === "Name")!;
      expect(parameters.slice(1)).toEqual([["supplyId", "path", "string", "yes", "Supply identifier"]]);
      expect(plainText(tree)).toContain("Shape: array of ItemDiscrepancyResponse.");
      expect(plainText(tree)).toContain("Types used: ItemDiscrepancyResponse");
      const fields = tables(typesTree).find((candidate) => candidate[0]![0] === "Field")!;
      expect(fields.slice(1).map((row) => row.slice(0, 3))).toEqual([
        ["discrepancyType", 'string, one of "surplus", "shortage"', "yes"],
        ["discrepancyLabel", 'string, one of "surplus", "re-sorting", "shortage"', "yes"],
      ]);
      const example = [...walk(tree)].find((node) => node.type === "code")!;
      expect(JSON.parse(example.value!)).toEqual(operation.responses![0]!.content[0]!.example);
    });
  });
});

describe("docs of every kind of type (docs-shapes)", () => {
  let pages: Map<string, string>;
  beforeAll(async () => {
    pages = await readPages(await generateForTest({ catalogue: fixtureCatalogue("docs-shapes"), targets: ["docs"] }));
  });

  it("keeps tables whole and links working", async () => {
    for (const [name, page] of pages) expect(await markdownProblems(page), name).toEqual([]);
    expect(await linkProblems(pages)).toEqual([]);
  });

  it("shows nested fields, nullability, maps, unions and open objects readably", async () => {
    const tree = await parseMarkdown(section(pages.get("shapes.md")!, "Types declared in this module"));
    const owner = tables(tree).find((table) => table[1]?.[0] === "name")!;
    const types = new Map(owner.slice(1).map((row) => [row[0], row[1]]));
    expect(types.get("mood")).toBe('string, one of "calm", "loud", or null');
    expect(types.get("scores")).toBe("map from string keys to number (format double)");
    expect(types.get("address.lines[].text")).toBe("string");
    expect(types.get("bestFriend")).toBe("Pet, or null");
    const plain = plainText(tree);
    expect(plain).toContain("Other fields: allowed, each of type string.");
    expect(plain).toContain('Type: one of: Cat; Dog (told apart by field "kind").');
    expect(plain).toContain("Variant 2:");
    // Every named type the operation reaches is linked from its section, even through other types.
    const used = section(pages.get("shapes.md")!, "getOwner");
    const typesUsed = /^- \*\*Types used:\*\* (.*)$/m.exec(used)![1]!;
    for (const name of ["Owner", "Pet", "Cat", "Dog", "Tagged", "Loose"]) expect(typesUsed).toContain(`[${name}](#${name.toLowerCase()})`);
  });

  it("tells documented-as-none from not documented", () => {
    const search = section(pages.get("shapes.md")!, "searchOwners");
    expect(search).toContain("Query parameters: none.");
    expect(search).not.toMatch(/Not documented:.*query parameters/);
    const upload = section(pages.get("shapes.md")!, "uploadAvatar");
    expect(upload).toMatch(/^- \*\*Not documented:\*\* .*query parameters/m);
    expect(upload).toContain("not documented (sent as text)");
    expect(upload).toContain("**Safe to retry:** yes");
    expect(section(pages.get("shapes.md")!, "getOwner")).toContain("### Request body\n\nNone.");
  });

  it("writes final Markdown: no trailing spaces, no run of blank lines, one newline at the end", () => {
    expect(pages.size).toBeGreaterThan(1);
    for (const [name, page] of pages) {
      expect(page, name).not.toMatch(/[ \t]$/m);
      expect(page, name).not.toMatch(/\n\n\n/);
      expect(page.endsWith("\n") && !page.endsWith("\n\n"), name).toBe(true);
    }
  });
});

describe("heading anchors that collide (docs-anchors)", () => {
  let pages: Map<string, string>;
  beforeAll(async () => {
    pages = await readPages(await generateForTest({ catalogue: fixtureCatalogue("docs-anchors"), targets: ["docs"] }));
  });

  it("links every operation and type to its own heading, numbered as GitHub numbers repeats", async () => {
    expect(await linkProblems(pages)).toEqual([]);
  });

  it("has the links the collisions are about", async () => {
    const targets = async (page: string): Promise<string[]> =>
      [...walk(await parseMarkdown(pages.get(page)!))].filter((node) => node.type === "link").map((node) => `${plainText(node)} ${node.url}`);
    // listThings's section (earlier on the page) takes "description" and "responses"; the sections
    // in between have neither heading (the catalogue documents neither).
    expect(await targets("things.md")).toEqual(
      expect.arrayContaining([
        "listThings #listthings",
        "description #description-1",
        "operations #operations-1",
        "responses #responses-1",
        "ListThings #listthings-1",
        "Widget other.md#widget-2",
      ]),
    );
    expect(await targets("other.md")).toEqual(expect.arrayContaining(["widget #widget-1", "Widget #widget-2"]));
  });
});
