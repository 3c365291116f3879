// Escaping by construction, proven by structure: one catalogue, generated twice, once with benign
// text and once with hostile text in every field that reaches output (descriptions at every level,
// summaries, titles, enum values, examples, property and query parameter names, paths, server URLs
// and descriptions, token kind and limit group descriptions, combination groups, error responses,
// the catalogue folder's name; ids and header names are restricted by the validator). Every
// generated TypeScript file must parse to the same syntax tree (comments and literal contents set
// aside), every Markdown page to the same tree (text set aside), every JSON file to the same shape.
// Hostile text that closed a comment, a string, a template or a cell would change the tree.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline.js";
import { TARGETS } from "../../src/emit/types.js";
import { compareOutputs, tsStructure } from "../helpers/escape-check.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";

/** Everything that could end a comment, string, template, HTML comment or Markdown cell, or start markup. */
const PAYLOAD =
  "*/ alert(1); /* `${inject}` \" ' \\ {{handlebars}} {{{triple}}} <script>alert(1)</script> --> <!-- | pipe *em* _u_ # [x](javascript:alert(1)) @param x\r\n@returns y\u2028next\u2029line\u0000nul \u0085 end";
const BENIGN = "plain words here";

/** Text for one field: a tag that keeps values distinct, the variant's words, one paragraph break in both. */
const textOf = (hostile: boolean) => (tag: string): string => `${tag} ${hostile ? PAYLOAD : BENIGN}\n\nsecond ${hostile ? PAYLOAD : BENIGN}`;
/** One-line text (titles, summaries: a `line` in the catalogue schema; enum values, names). */
const lineOf = (hostile: boolean) => (tag: string): string => `${tag} ${hostile ? PAYLOAD.replace(/[\r\n\u2028\u2029\u0085\u0000]/g, " ") : BENIGN}`;

function catalogue(hostile: boolean): Record<string, unknown> {
  const text = textOf(hostile);
  const line = lineOf(hostile);
  const propertyName = line("prop");
  const enumValues = [line("enum-a"), line("enum-b")];
  // Ids, header names and most of a path are restricted by the validator; these are not.
  const path = hostile ? "/things*/a'b/{thingId}" : "/things/ab/{thingId}";
  const serverUrl = hostile ? "https://api.example.com/v1/a*/b'\"`<x>|" : "https://api.example.com/v1/ab";
  const queryName = line("query");
  const record = { kind: enumValues[0], label: "one", [propertyName]: text("example") };
  return {
    "api.yaml": {
      api: {
        title: line("title"),
        description: text("api"),
        servers: [
          { id: "main", url: serverUrl, description: text("server"), environment: "production" },
          { id: "sandbox", url: "https://sandbox.example.com/v1", description: text("sandbox"), environment: "sandbox" },
        ],
        auth: {
          header: "Authorization",
          tokenKinds: [{ id: "personal", description: text("token") }],
        },
        responses: {
          "500": { description: text("api error"), content: { "application/json": { schema: { ref: "Problem" }, example: { message: text("api error example") } } } },
        },
        limitGroups: [{ id: "shared", description: text("group"), scope: "seller", period: "1 minute", limit: 10, interval: "6 seconds", burst: 2 }],
      },
    },
    "things.yaml": {
      module: { id: "things", title: line("module"), area: line("area") },
      types: {
        Problem: { type: "object", description: text("problem"), properties: { message: { type: "string", description: text("message"), required: true } } },
        Thing: {
          type: "object",
          description: text("type"),
          properties: {
            kind: { type: "string", description: text("kind"), enum: enumValues, required: true },
            label: { type: "string", enum: ["one", "two"], required: true },
            [propertyName]: { type: "string", description: text("property") },
            count: { type: "integer", description: text("count") },
          },
          combinations: {
            fields: ["kind", "label"],
            allowed: [
              { values: { kind: enumValues[0], label: "one" }, group: text("combination group"), meaning: text("meaning") },
              { values: { kind: enumValues[1], label: "two" }, meaning: text("other meaning") },
            ],
          },
        },
      },
      operations: [
        {
          id: "getThing",
          method: "GET",
          path,
          summary: line("summary"),
          description: text("description"),
          tokens: ["personal"],
          limits: [{ group: "shared" }],
          constraints: [text("constraint")],
          parameters: [
            { name: "thingId", in: "path", required: true, schema: { type: "string", description: text("schema") }, description: text("path parameter") },
            { name: queryName, in: "query", schema: { type: "string", enum: enumValues }, description: text("query parameter") },
            { name: "X-Trace", in: "header", schema: { type: "string" }, description: text("header parameter") },
          ],
          request: "none",
          responses: {
            "200": { description: text("response"), content: { "application/json": { schema: { ref: "Thing" }, example: record } } },
            "404": { description: text("not found"), content: { "application/json": { schema: { ref: "Problem" }, example: { message: text("missing") } } } },
            "409": { description: text("conflict"), content: { "text/plain": { example: text("conflict example") } } },
          },
        },
        {
          id: "putThing",
          method: "PUT",
          path,
          summary: line("put summary"),
          idempotent: true,
          limits: [{ scope: "seller", period: "1 minute", limit: 5, interval: "12 seconds", burst: 1 }],
          parameters: [{ name: "thingId", in: "path", required: true, schema: { type: "string" } }],
          request: { required: true, description: text("request"), content: { "application/json": { schema: { ref: "Thing" }, example: record } } },
          responses: { "204": { description: text("no content") } },
        },
      ],
    },
  };
}

/** Hostile: the catalogue folder's name closes a comment, starts a line and closes an HTML comment. */
const HOSTILE_FOLDER = "cat */ alert(1) /*\nalert(2) // --> <!-- \u2028 `${x}`";

async function generateVariant(base: string, hostile: boolean): Promise<string> {
  const dir = join(base, hostile ? HOSTILE_FOLDER : "catalogue", "catalogue");
  await mkdir(dir, { recursive: true });
  // YAML is a superset of JSON: each file is its object as JSON.
  for (const [name, content] of Object.entries(catalogue(hostile))) await writeFile(join(dir, name), JSON.stringify(content, null, 2));
  const out = join(base, hostile ? "out-hostile" : "out-benign");
  // Every target, those not written by default (zod) too.
  await generate({ catalogue: dir, out, targets: TARGETS }).catch((error: { report?: () => string }) => {
    throw new Error(error.report?.() ?? String(error));
  });
  return out;
}

describe("hostile text in every field, against the same catalogue with benign text", () => {
  let benign: string;
  let hostile: string;
  beforeAll(async () => {
    const base = await freshDir("escape");
    benign = await generateVariant(base, false);
    hostile = await generateVariant(base, true);
  }, 60_000);

  it("the checker sees an escape: a doc comment closed early adds code", () => {
    const clean = tsStructure("a.ts", "/** a */\nexport type A = string;\n");
    const broken = tsStructure("a.ts", "/** a */ alert(1); /* */\nexport type A = string;\n");
    expect(broken).not.toEqual(clean);
    expect(tsStructure("a.ts", 'const a = "x */ y";\n')).toEqual(tsStructure("a.ts", 'const a = "z";\n'));
  });

  it("every TypeScript file, Markdown page and JSON file keeps its structure", async () => {
    const { escapes, compared } = await compareOutputs(benign, hostile);
    expect(escapes).toEqual([]);
    expect(compared.ts).toBeGreaterThan(20);
    expect(compared.md).toBeGreaterThan(1);
    expect(compared.json).toBeGreaterThan(0);
  });

  it("the hostile client and server compile under the strict flags", async () => {
    const { readdir } = await import("node:fs/promises");
    const entries = await readdir(hostile, { recursive: true, withFileTypes: true });
    const all = entries.filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => join(e.parentPath, e.name));
    const isMcp = (path: string) => path.startsWith(join(hostile, "mcp"));
    const result = await typecheck(all.filter((path) => !isMcp(path)), { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
    // The MCP server with the client; skipLibCheck because the SDK's own validation/ajv declarations fail without it (TS2709).
    const mcp = await typecheck(all.filter((path) => isMcp(path) || path.startsWith(join(hostile, "client"))), { version: "7.0", resolution: "nodenext", types: ["node"], compilerOptions: { skipLibCheck: true } });
    expect(mcp.output).toBe("");
    expect(mcp.ok).toBe(true);
  }, 120_000);
});
