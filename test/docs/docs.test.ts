import { beforeAll, describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import type { ApiModel, OperationModel } from "../../src/model/types.js";
import { fixtureCatalogue, generateForTest, repoCatalogue } from "../helpers/generate.js";
import { headings, markdownProblems, parseMarkdown, plainText, tables, walk, type Heading, type MdNode } from "./markdown-ast.js";
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
      expect(table![0]).toEqual(["Operation", "Method", "Path", "Purpose", "Token kinds", "Limits"]);
      expect(table!.slice(1).map((row) => row.slice(0, 4))).toEqual(
        module.operations.map((operation) => [operation.id, operation.method, operation.path, operation.summary]),
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

  it("says 'not documented' wherever the catalogue is silent, and only there", async () => {
    for (const operation of operations(model)) {
      const text = section(pages.get(`${operation.module}.md`)!, operation.id);
      const says = (fact: string, silent: boolean): void => {
        if (silent) expect(text, `${operation.id}: ${fact}`).toContain(fact);
        else expect(text, `${operation.id}: ${fact}`).not.toContain(fact);
      };
      says("### Description\n\nNot documented.", operation.description === undefined);
      says("**Token kinds:** not documented", operation.tokens === undefined);
      says("### Rate limits\n\nNot documented.", operation.limits === undefined);
      says("### Constraints\n\nNot documented.", operation.constraints === undefined);
      says("Query parameters: not documented.", operation.query === undefined);
      says("Header parameters (besides the token header): not documented.", operation.headers === undefined);
      says("### Request body\n\nNot documented.", operation.request === undefined);
      says("### Responses\n\nNot documented.", operation.responses === undefined);
      const parameters = tables(await parseMarkdown(text)).find((table) => table[0]![0] === "Name") ?? [];
      for (const parameter of operation.pathParams) {
        const row = parameters.find((candidate) => candidate[0] === parameter.name);
        expect(row, `${operation.id} ${parameter.name}`).toBeDefined();
        if (parameter.schema === undefined) expect(row![2]).toBe("not documented (sent as text)");
      }
    }
  });

  describe("the reference entry", () => {
    let text: string;
    let tree: MdNode;
    let operation: OperationModel;

    beforeAll(async () => {
      const reference = seedReference();
      operation = operations(model).find((candidate) => candidate.method === reference.method && candidate.path === reference.path)!;
      text = section(pages.get(`${operation.module}.md`)!, operation.id);
      tree = await parseMarkdown(text);
    });

    it("has the four meanings of section 4.10 with their direction and values", () => {
      const table = tables(tree).find((candidate) => candidate[0]!.includes("Meaning"))!;
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
      expect(limits.slice(1)).toEqual([
        [`seller (per ${limit.per})`, limit.period, String(limit.limit), limit.interval, String(limit.burst)],
      ]);
    });

    it("has the parameter, the response record with its fields, and a JSON example", () => {
      const parameters = tables(tree).find((candidate) => candidate[0]![0] === "Name")!;
      expect(parameters.slice(1)).toEqual([["supplyId", "path", "string", "yes", "Supply identifier"]]);
      expect(plainText(tree)).toContain("Shape: array of ItemDiscrepancyResponse.");
      const fields = tables(tree).find((candidate) => candidate[0]![0] === "Field")!;
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
    const tree = await parseMarkdown(section(pages.get("shapes.md")!, "getOwner"));
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
    // Every named type the operation reaches is expanded in its section, even through other types.
    for (const name of ["Owner", "Pet", "Cat", "Dog", "Tagged", "Loose"]) expect(plain).toContain(name);
  });

  it("tells documented-as-none from not documented", () => {
    const search = section(pages.get("shapes.md")!, "searchOwners");
    expect(search).toContain("Query parameters: none.");
    const upload = section(pages.get("shapes.md")!, "uploadAvatar");
    expect(upload).toContain("Query parameters: not documented.");
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
    // listThings's section (earlier on the page) takes "responses"; three more sections follow.
    expect(await targets("things.md")).toEqual(
      expect.arrayContaining([
        "listThings #listthings",
        "description #description-1",
        "operations #operations-1",
        "responses #responses-3",
        "ListThings #listthings-1",
        "Widget other.md#widget-2",
      ]),
    );
    expect(await targets("other.md")).toEqual(expect.arrayContaining(["widget #widget-1", "Widget #widget-2"]));
  });
});
