// Generated files stay text (issue 42, point 7): NUL, the other C0 controls, DEL and the bidi
// controls (U+202A-U+202E, U+2066-U+2069) in an input's texts never reach an output file raw, in a
// comment, a Markdown page, a string literal or JSON. Raw, they make `git diff` call the file
// binary (NUL) or show code other than what runs (bidi overrides). Checked on a catalogue with
// them in every field and on an imported OpenAPI document carrying them; the output is valid
// UTF-8 and still compiles under the strict flags.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { importOpenApi, writeCatalogue } from "../../src/import/index.js";
import { generate } from "../../src/pipeline.js";
import { TARGETS } from "../../src/emit/types.js";
import type { AnyTarget } from "../../src/emit/define.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { hostileCatalogue } from "../helpers/hostile-catalogue.js";
import { typecheck } from "../helpers/tsc.js";

/** Every character that must not stay raw: C0 but tab and newline, DEL, C1's NEL, bidi embeddings, overrides and isolates. */
const NOT_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f\u0085\u202a-\u202e\u2066-\u2069]/u;
const PAYLOAD = "nul\u0000 bell\u0007 esc\u001b[31m del\u007f vt\u000b ff\u000c cr\r lre\u202a rle\u202b pdf\u202c lro\u202d rlo\u202e lri\u2066 rli\u2067 fsi\u2068 pdi\u2069 tab\t end";

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Each file that is not valid UTF-8 or holds a character of NOT_TEXT raw, with the first such character's line. */
async function binaryLooking(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(dir)) {
    const bytes = await readFile(file);
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      found.push(`${relative(dir, file)}: not valid UTF-8`);
      continue;
    }
    const match = NOT_TEXT.exec(text);
    if (match) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push(`${relative(dir, file)}:${line}: U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
    }
  }
  return found;
}

/** An OpenAPI document whose texts (descriptions, summaries, titles, a property name, an enum value) carry the payload. */
function document(): Record<string, unknown> {
  const text = `words ${PAYLOAD}`;
  return {
    openapi: "3.1.0",
    info: { title: `Shop ${PAYLOAD.replace(/[\u0000-\u001f]/g, " ")}`, version: "1.0.0", description: text },
    servers: [{ url: "https://api.example.com", description: text }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: text } },
      schemas: {
        Item: {
          type: "object",
          description: text,
          required: ["id"],
          properties: {
            id: { type: "string", description: text, example: text },
            [`label\u202e`]: { type: "string", enum: [`a\u202eb`, "plain"] },
          },
        },
      },
    },
    security: [{ bearer: [] }],
    tags: [{ name: "items", description: text }],
    paths: {
      "/items/{id}": {
        get: {
          operationId: "getItem",
          tags: ["items"],
          summary: `Get ${PAYLOAD.replace(/[\u0000-\u001f]/g, " ")}`,
          description: text,
          parameters: [{ name: "id", in: "path", required: true, description: text, schema: { type: "string" } }],
          responses: {
            "200": { description: text, content: { "application/json": { schema: { $ref: "#/components/schemas/Item" }, example: { id: text } } } },
            "404": { description: text },
          },
        },
      },
    },
  };
}

describe("generated files stay text", () => {
  let fromCatalogue: string;
  let imported: string;
  let importedCatalogue: string;
  beforeAll(async () => {
    const base = await freshDir("text-only");
    const dir = join(base, "catalogue");
    await mkdir(dir, { recursive: true });
    for (const [name, content] of Object.entries(hostileCatalogue(PAYLOAD))) await writeFile(join(dir, name), JSON.stringify(content, null, 2));
    fromCatalogue = join(base, "out");
    const plugin = (await import(pathToFileURL(join(repoRoot, "examples/plugin-route-list/route-list.mjs")).href)) as { default: AnyTarget };
    await generate({ catalogue: dir, out: fromCatalogue, targets: [...TARGETS, "route-list"], plugins: [plugin.default] });

    const documentFile = join(base, "api", "openapi.json");
    await mkdir(join(base, "api"));
    await writeFile(documentFile, JSON.stringify(document(), null, 2));
    importedCatalogue = join(base, "imported-catalogue");
    await writeCatalogue(importOpenApi(documentFile, { cwd: base }).catalogue, importedCatalogue);
    imported = join(base, "imported-out");
    await generate({ catalogue: importedCatalogue, out: imported, targets: [...TARGETS] });
  }, 120_000);

  it("from a catalogue: no file holds a NUL, C0, DEL or bidi control raw", async () => {
    expect(await binaryLooking(fromCatalogue)).toEqual([]);
  });

  it("from an imported document: neither the catalogue written nor the output does", async () => {
    expect(await binaryLooking(importedCatalogue)).toEqual([]);
    expect(await binaryLooking(imported)).toEqual([]);
  });

  it("the outputs still compile under the strict flags", async () => {
    const files: string[] = [];
    for (const out of [fromCatalogue, imported]) {
      for (const target of ["client", "server", "zod", "msw", "tanstack-query"]) {
        files.push(...(await filesUnder(join(out, target)).catch(() => [])).filter((file) => file.endsWith(".ts")));
      }
    }
    const result = await typecheck(files, { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 180_000);
});
