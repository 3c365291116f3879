// The catalogue's one-line texts (the API's title, a module's title and area) against documents
// whose texts do not fit one line: seen in real documents (APIs.guru's directory has `title: ""`,
// Asana's tag descriptions run past 1,000 characters). The import goes on, says what it did, and
// writes a catalogue its own validator accepts.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { freshDir } from "../helpers/generate.js";

async function importDocument(info: Record<string, unknown>, tags: unknown[] = [], name = "billing-api.json", operationTags: string[] = ["invoices"]) {
  const dir = await freshDir("import-one-line");
  const file = join(dir, name);
  const document = {
    openapi: "3.0.3",
    info,
    tags,
    paths: { "/invoices": { get: { operationId: "listInvoices", tags: operationTags, responses: { "200": { description: "OK" } } } } },
  };
  await writeFile(file, JSON.stringify(document));
  const { catalogue, report } = importOpenApi(file);
  await writeCatalogue(catalogue, join(dir, "catalogue"));
  const lines = (list: { pointer: string; what: string }[]) => list.map((entry) => `${entry.pointer} ${entry.what}`);
  return { catalogue, lost: lines(report.losses), derived: lines(report.derived) };
}

const long = (word: string, times: number) => Array.from({ length: times }, () => word).join(" ");

describe("one-line texts the document gives longer, or not at all", () => {
  it.each([
    ["empty", { title: "", version: "1" }, "is empty"],
    ["missing", { version: "1" }, "is missing"],
    ["blank", { title: "  \n ", version: "1" }, "is empty"],
  ])("an %s info.title is the document's file name, derived", async (_what, info, says) => {
    const { catalogue, derived } = await importDocument(info);
    expect(catalogue.api.title).toBe("billing-api");
    expect(derived).toContainEqual(`#/info/title API title "billing-api" from the file name (info.title ${says})`);
  });

  it("a title of several lines is its first line, and the whole title leads the description", async () => {
    const { catalogue, derived } = await importDocument({ title: "Billing\nInternal edition", description: "Invoices.", version: "1" });
    expect(catalogue.api.title).toBe("Billing");
    expect(catalogue.api.description).toBe("Billing\nInternal edition\n\nInvoices.");
    expect(derived).toContainEqual(expect.stringContaining("#/info/title API title shortened to its first line; the whole title leads the description"));
  });

  it("a title longer than 1,000 characters is cut at 1,000", async () => {
    const { catalogue } = await importDocument({ title: long("billing", 200), version: "1" });
    expect(catalogue.api.title.length).toBe(1000);
    expect(catalogue.api.title.endsWith("...")).toBe(true);
  });

  it("a tag description longer than 1,000 characters gives the module its first line as area; the rest is reported as lost", async () => {
    const description = `Invoices sent to customers.\n\n${long("details", 300)}`;
    const { catalogue, lost } = await importDocument({ title: "Billing", version: "1" }, [{ name: "invoices", description }]);
    expect(catalogue.modules[0]!.module.area).toBe("Invoices sent to customers.");
    expect(lost).toContainEqual("#/tags/0 module invoices's area (the tag's description) beyond its first line (the catalogue holds one line of at most 1000 characters here)");
  });

  it("a tag description of one line longer than 1,000 characters is cut, and that is reported", async () => {
    const { catalogue, lost } = await importDocument({ title: "Billing", version: "1" }, [{ name: "invoices", description: long("invoices", 200) }]);
    expect(catalogue.modules[0]!.module.area.length).toBe(1000);
    expect(lost).toContainEqual(expect.stringContaining("#/tags/0 module invoices's area (the tag's description) beyond its first 997 characters"));
  });

  it("a module without a description says where its operations come from: a tag, or (untagged) a path segment", async () => {
    const tagged = await importDocument({ title: "Billing", version: "1" });
    expect(tagged.catalogue.modules[0]!.module.area).toBe("Operations tagged invoices");
    const untagged = await importDocument({ title: "Billing", version: "1" }, [], "billing-api.json", []);
    expect(untagged.catalogue.modules[0]!.module.area).toBe("Operations under /invoices");
    expect(untagged.derived).toContainEqual(expect.stringContaining('area "Operations under /invoices" (the source does not describe the path segment)'));
  });

  it("a tag description of several short lines stays whole, as before", async () => {
    const { catalogue, lost } = await importDocument({ title: "Billing", version: "1" }, [{ name: "invoices", description: "Invoices.\nAnd credit notes." }]);
    expect(catalogue.modules[0]!.module.area).toBe("Invoices.\nAnd credit notes.");
    expect(lost.filter((line) => line.includes("area"))).toEqual([]);
  });

  it("a description over 100,000 characters is cut at its last line break before the bound, the rest reported (rubrik, linqr)", async () => {
    const paragraph = `${"x".repeat(999)}\n`;
    const { catalogue, lost } = await importDocument({ title: "Billing", version: "1", description: paragraph.repeat(150) });
    expect(catalogue.api.description!.length).toBe(99 * 1000 + 999);
    expect(lost).toContainEqual("# the API: a description of 150000 characters, beyond its first 100000 (the catalogue holds at most 100000 characters in a text)");
  });

  it("a schema's description over 100,000 characters is cut the same way, and a property named value is read too", async () => {
    const dir = await freshDir("import-one-line");
    const file = join(dir, "icons.json");
    const description = "y".repeat(150_000);
    const schema = { type: "object", description, properties: { value: { type: "string", description } }, example: { note: description } };
    const document = {
      openapi: "3.0.3",
      info: { title: "Icons", version: "1" },
      paths: { "/icons": { get: { operationId: "getIcon", responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Icon" } } } } } } } },
      components: { schemas: { Icon: schema } },
    };
    await writeFile(file, JSON.stringify(document));
    const { catalogue, report } = importOpenApi(file);
    await writeCatalogue(catalogue, join(dir, "catalogue"));
    const icon = catalogue.modules.flatMap((module) => module.types).find(([name]) => name === "Icon")![1];
    expect(icon.description!.length).toBe(100_000);
    expect(icon.properties!["value"]!.description!.length).toBe(100_000);
    // An example is data: kept whole.
    expect(((icon as { examples?: { note: string }[] }).examples![0]!).note.length).toBe(150_000);
    expect(report.losses.filter((loss) => loss.kind === "text longer than a catalogue text").map((loss) => `${loss.pointer} ${loss.what}`)).toEqual([
      "#/components/schemas/Icon type Icon: a description of 150000 characters, beyond its first 100000 (the catalogue holds at most 100000 characters in a text)",
      "#/components/schemas/Icon type Icon: a description of 150000 characters, beyond its first 100000 (the catalogue holds at most 100000 characters in a text)",
    ]);
  });
});
