// Catalogue text is data: a catalogue whose free text holds everything that could end a comment,
// a string, a template, a Markdown cell or inject HTML must still give a client and server that
// compile and work, Markdown whose structure is intact, and JSON that keeps the text exactly.
import { once } from "node:events";
import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadModel } from "../../src/pipeline.js";
import type { ApiModel, OperationModel, TypeNode } from "../../src/model/types.js";
import { fixtureCatalogue, generateForTest } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { markdownProblems, parseMarkdown, plainText, tables, walk } from "../docs/markdown-ast.js";
import { readPages, section } from "../docs/pages.js";
import { EXPECTED_WARNINGS, redoclyLint, swaggerParserValidate } from "../openapi/validators.js";

const catalogue = fixtureCatalogue("hostile");
/** Pieces of the hostile text that would be live code if they escaped a comment or a string. */
const MARKERS = ["alert(1)", "${inject}", "{{handlebars}}", "*/ here", "enum */", "prop */"];

async function filesUnder(dir: string, extension: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/** Ranges of a TypeScript file that hold data: comments, string literals and template text. */
function inertRanges(file: ts.SourceFile): [number, number][] {
  const text = file.getFullText();
  const ranges: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    for (const comment of [
      ...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.getEnd()) ?? []),
    ]) {
      ranges.push([comment.pos, comment.end]);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      ranges.push([node.getStart(file), node.getEnd()]);
    }
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  return ranges;
}

/** Places where a marker lies outside every comment and string: catalogue text turned into code. */
function escapedMarkers(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const ranges = inertRanges(file);
  const escaped: string[] = [];
  for (const marker of MARKERS) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
      if (!ranges.some(([start, end]) => start <= at && at + marker.length <= end)) {
        escaped.push(`${path}:${file.getLineAndCharacterOfPosition(at).line + 1}: ${marker}`);
      }
    }
  }
  return escaped;
}

describe("a catalogue of hostile text", () => {
  let model: ApiModel;
  let out: string;
  let operation: OperationModel;
  let record: Extract<TypeNode, { kind: "object" }>;

  beforeAll(async () => {
    model = await loadModel(catalogue);
    operation = model.modules[0]!.operations[0]!;
    record = model.types[0]!.type as Extract<TypeNode, { kind: "object" }>;
    out = await generateForTest({ catalogue });
  });

  it("holds the hostile strings (the fixture is what it claims)", () => {
    for (const marker of ["*/", "|", "`", "${", "{{", "<script>", "\\", "\n", "\u2028", '"', "'"]) {
      expect(operation.summary).toContain(marker);
    }
    expect(record.properties.map((property) => property.name).some((name) => name.includes("*/"))).toBe(true);
  });

  describe("TypeScript", () => {
    let sources: string[];
    beforeAll(async () => {
      sources = [...(await filesUnder(join(out, "client"), ".ts")), ...(await filesUnder(join(out, "server"), ".ts"))];
    });

    it("generates client and server code", () => {
      // Each target emits at least its entry point once its emitter has landed.
      expect(sources.map((path) => path.slice(out.length + 1))).toEqual(
        expect.arrayContaining(["client/index.ts", "server/index.ts"]),
      );
    });

    it("the check itself flags a marker that became code", () => {
      expect(escapedMarkers("x.ts", '/** ok alert(1) */\nconst a = "alert(1)";\n')).toEqual([]);
      expect(escapedMarkers("x.ts", "/** ends */ here */\nconst b = `${inject}`;\nalert(1);\n")).toHaveLength(3);
    });

    it("keeps every hostile string inside a comment or a string literal", async () => {
      const escaped: string[] = [];
      let seen = 0;
      for (const path of sources) {
        const text = await readFile(path, "utf8");
        seen += MARKERS.filter((marker) => text.includes(marker)).length;
        escaped.push(...escapedMarkers(path.slice(out.length + 1), text));
      }
      expect(escaped).toEqual([]);
      expect(seen).toBeGreaterThan(0);
    });

    it("compiles under the strict flags", async () => {
      const result = await typecheck(sources, { version: "5.9", resolution: "nodenext", types: ["node"] });
      expect(result.output).toBe("");
      expect(result.ok).toBe(true);
    });

    describe("the generated client against a real server", () => {
      let server: Server;
      let baseUrl: string;
      const seen: { url: string; authorization: string | undefined }[] = [];
      const example = (): unknown => operation.responses![0]!.content[0]!.example;

      beforeAll(async () => {
        server = createServer((request, response) => {
          seen.push({ url: request.url!, authorization: request.headers.authorization });
          response.setHeader("content-type", "application/json");
          response.end(JSON.stringify(example()));
        });
        server.listen(0, "127.0.0.1");
        await once(server, "listening");
        baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      });
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

      it("calls the operation with the path encoded and returns the hostile data intact", async () => {
        const client = (await import(join(out, "client/index.ts"))) as {
          createClient: (options: { baseUrl: string; token: string }) => Record<string, Record<string, (args: unknown) => Promise<unknown>>>;
        };
        const api = client.createClient({ baseUrl, token: "secret" });
        const moduleName = model.modules[0]!.name;
        const result = await api[moduleName]![operation.id]!({ itemId: "a/b c", query: { filter: "{{x}} <y>" } });
        expect(result).toEqual(example());
        const url = new URL(seen.at(-1)!.url, baseUrl);
        expect(url.pathname).toBe("/hostile/a%2Fb%20c");
        expect(url.searchParams.get("filter")).toBe("{{x}} <y>");
        expect(seen.at(-1)!.authorization).toContain("secret");
      });
    });
  });

  describe("Markdown", () => {
    let pages: Map<string, string>;
    beforeAll(async () => {
      pages = await readPages(out);
    });

    it("keeps every table row whole, every cell filled, and no HTML anywhere", async () => {
      for (const [name, page] of pages) {
        expect(await markdownProblems(page), name).toEqual([]);
        expect(page, name).not.toMatch(/<script/i);
      }
    });

    it("shows the text literally: the reader sees exactly the catalogue's words, on one line", async () => {
      // Whitespace runs read as one space in Markdown, as in HTML.
      const flat = (text: string): string => text.replace(/\s+/g, " ").trim();
      const page = pages.get(`${operation.module}.md`)!;
      const [operationsTable] = tables(await parseMarkdown(page));
      expect(operationsTable![1]![2]).toBe(flat(operation.summary));
      const tree = await parseMarkdown(section(page, operation.id));
      // The record is a named type: described once, under "Types declared in this module".
      const typesTree = await parseMarkdown(section(page, "Types declared in this module"));
      const combinations = tables(typesTree).find((table) => table[0]!.at(-1) === "Meaning")!;
      expect(combinations.slice(1).map((row) => row.at(-1))).toEqual(record.combinations!.allowed.map((c) => flat(c.meaning!)));
      expect(combinations[0]!.slice(1, -1)).toEqual(record.combinations!.fields);
      const fields = tables(typesTree).find((table) => table[0]![0] === "Field")!;
      expect(fields.slice(1).map((row) => row[0])).toEqual(record.properties.map((property) => flat(property.name)));
      // Handlebars printed `{{...}}` as data; it did not run it.
      expect(plainText(tree)).toContain("{{handlebars}} {{{triple}}}");
      const example = [...walk(tree)].find((node) => node.type === "code")!;
      expect(JSON.parse(example.value!)).toEqual(operation.responses![0]!.content[0]!.example);
    });
  });

  describe("JSON", () => {
    let document: { [key: string]: any };
    let file: string;
    beforeAll(async () => {
      file = join(out, "openapi.json");
      document = JSON.parse(await readFile(file, "utf8"));
    });

    it("keeps plain strings exactly: summary, title, names, values, examples", () => {
      const entry = document.paths[operation.path].get;
      expect(entry.summary).toBe(operation.summary);
      expect(document.info.title).toBe(model.title);
      const schema = document.components.schemas[model.types[0]!.name];
      expect(Object.keys(schema.properties)).toEqual(record.properties.map((property) => property.name));
      const kind = record.properties.find((property) => property.name === "kind")!.type;
      expect(schema.properties.kind.enum).toEqual(kind.kind === "string" && kind.enum);
      expect(schema.oneOf.map((variant: { [key: string]: any }) => variant.properties.kind.const)).toEqual(
        record.combinations!.allowed.map((combination) => combination.values["kind"]),
      );
      expect(schema.oneOf.map((variant: { [key: string]: any }) => variant["x-group"])).toEqual(
        record.combinations!.allowed.map((combination) => combination.group),
      );
      expect(entry.responses["200"].content["application/json"].example).toEqual(operation.responses![0]!.content[0]!.example);
      expect(entry["x-constraints"]).toEqual(operation.constraints);
    });

    it("writes each rate-limit field where it belongs (the fixture's values all differ)", () => {
      expect(document.paths[operation.path].get["x-rate-limits"]).toEqual([
        {
          scope: "seller",
          period: "1 minute",
          periodMilliseconds: 60_000,
          limit: 5,
          interval: "12 seconds",
          intervalMilliseconds: 12_000,
          burst: 2,
        },
      ]);
    });

    it("escapes descriptions as the CommonMark OpenAPI says they are, so tools show them literally", async () => {
      const words = (text: string): string => text.replace(/\s+/g, " ").trim();
      const schema = document.components.schemas[model.types[0]!.name];
      const pairs: [string, string][] = [
        [schema.description, record.description!],
        [schema.oneOf[0].description, record.combinations!.allowed[0]!.meaning!],
        [document.paths[operation.path].get.responses["200"].description, operation.responses![0]!.description!],
      ];
      for (const [description, source] of pairs) {
        expect(await markdownProblems(description)).toEqual([]);
        expect(words(plainText(await parseMarkdown(description)))).toBe(words(source));
      }
      const operationDescription = await parseMarkdown(document.paths[operation.path].get.description);
      expect([...walk(operationDescription)].filter((node) => node.type === "html")).toEqual([]);
      expect(words(plainText(operationDescription))).toContain(words(operation.description!.split("\n\n")[0]!));
    });

    it("still passes both validators", async () => {
      await expect(swaggerParserValidate(document)).resolves.toBeUndefined();
      const problems = await redoclyLint(file);
      expect(problems.filter((problem) => problem.severity === "error")).toEqual([]);
      expect([...new Set(problems.map((problem) => problem.ruleId))].filter((rule) => !EXPECTED_WARNINGS.has(rule))).toEqual([]);
    });
  });
});
