// Seeded random OpenAPI documents (test/fuzz/generate-openapi.ts) through import, generate and a
// strict compile. Every outcome must be a refusal positioned in the document (no stack trace, no
// staging-folder path, no "bug in catalogen import", nothing written, nothing read from outside),
// or a catalogue that generates; every generated TypeScript file parses, the texts the documents
// carry (each with MARKER) are never code, and the output has the structure of its benign twin's
// (the same document with plain texts: test/helpers/escape-check.ts), so no text left its comment,
// literal or Markdown cell; no pattern that import kept stalls on a hostile string
// (test/fuzz/stalling.ts); a sample is compiled by the real tsc under the strict flags. Hostile
// documents include `$ref`s through real symbolic links (to a file outside, to /proc/self/environ,
// in a loop: refused, nothing they lead to quoted), `$ref`s to `__proto__` and other inherited
// names, `__proto__`/`constructor` schema, property and parameter names, and backtracking patterns. A failure names its seed: CATALOGEN_OPENAPI_FUZZ_SEED=<n>
// CATALOGEN_OPENAPI_FUZZ_CASES=1 replays it.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { importOpenApi, ImportError, writeCatalogue } from "../../src/import/index.js";
import { generate } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { compareOutputs } from "../helpers/escape-check.js";
import { typecheck } from "../helpers/tsc.js";
import { MARKER, OpenApiGenerator, type FuzzDocument } from "./generate-openapi.js";
import { patternsIn, stallingPatterns } from "./stalling.js";

const FIRST_SEED = Number(process.env.CATALOGEN_OPENAPI_FUZZ_SEED ?? 1);
const CASES = Number(process.env.CATALOGEN_OPENAPI_FUZZ_CASES ?? 50);
/** Valid outputs compared with their benign twin's (each twin is a second import and generate). */
const TWIN_SAMPLE = Number(process.env.CATALOGEN_OPENAPI_FUZZ_TWINS ?? 15);
/** Valid outputs compiled with tsc (one run for all of them). */
const COMPILE_SAMPLE = 3;
const SECRET = "fuzz-secret-beside-the-project";
/** A line of this process's environment (what /proc/self/environ holds); no message may quote it. */
const ENVIRONMENT = `PATH=${process.env.PATH}`;

/** Writes `document` and the files and links beside it into `dir`. */
async function writeDocument(dir: string, project: string, document: FuzzDocument): Promise<void> {
  await mkdir(dir);
  await writeFile(join(dir, document.name), document.text);
  for (const [name, text] of Object.entries(document.files)) await writeFile(join(dir, name), text);
  for (const [name, to] of Object.entries(document.links)) {
    await symlink(to === "outside" ? join(project, "secrets.json") : to === "environ" ? "/proc/self/environ" : to, join(dir, name));
  }
}

/** Problems of one generated file: syntax errors, and MARKER outside comments and literals. */
function escapes(path: string, content: string): string[] {
  if (path.endsWith(".json")) {
    try {
      JSON.parse(content);
      return [];
    } catch (error) {
      return [`${path}: ${(error as Error).message}`];
    }
  }
  if (!path.endsWith(".ts")) return [];
  const problems: string[] = [];
  const { diagnostics = [] } = ts.transpileModule(content, { fileName: path, reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  for (const d of diagnostics) problems.push(`${path}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  // Comments are trivia, not nodes: only identifiers (and other code) can hold MARKER outside a literal.
  const source = ts.createSourceFile(path, content, ts.ScriptTarget.ES2022, true);
  const visit = (node: ts.Node): void => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.text.includes(MARKER)) {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart());
      problems.push(`${path}:${line + 1}:${character + 1}: document text outside a comment or literal: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

/** Imports `file` and generates every target into `out`. */
async function importAndGenerate(file: string, project: string, catalogue: string, out: string): Promise<string> {
  const { catalogue: imported, report } = importOpenApi(file, { cwd: project });
  await writeCatalogue(imported, catalogue);
  await generate({ catalogue, out });
  return report.toText();
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe("seeded OpenAPI fuzzer", () => {
  it(`${CASES} documents from seed ${FIRST_SEED}: a positioned refusal or output that compiles with no text escaping`, async () => {
    const failures: string[] = [];
    const valid: string[] = [];
    let refused = 0;
    let linkedRefused = 0;
    let comparedFiles = 0;
    for (let seed = FIRST_SEED; seed < FIRST_SEED + CASES; seed++) {
      const generator = new OpenApiGenerator(seed);
      const document = generator.document();
      const project = await freshDir("openapi-fuzz");
      await writeFile(join(project, "secrets.json"), JSON.stringify({ type: "object", description: SECRET }));
      const dir = join(project, "api");
      await writeDocument(dir, project, document);
      const linked = Object.keys(document.links).length > 0;
      const catalogue = join(project, "catalogue");
      const out = join(project, "generated");
      const fail = (problem: string) => failures.push(`seed ${seed}: ${problem}`);
      try {
        const report = await importAndGenerate(join(dir, document.name), project, catalogue, out);
        if (linked) fail(`a $ref through a symbolic link (${Object.values(document.links).join(", ")}) was read`);
        if (report.includes(SECRET) || report.includes(ENVIRONMENT)) fail("the report holds text from outside the document's folder");
        for (const file of await filesUnder(out)) {
          if (/[/\\](runtime|shared)[/\\]/.test(file)) continue; // copied templates: the same every time
          const content = await readFile(file, "utf8");
          if (content.includes(SECRET) || content.includes(ENVIRONMENT)) fail(`${file}: holds text from outside the document's folder`);
          for (const problem of escapes(file, content)) fail(problem);
        }
        // Patterns that backtrack catastrophically are left out by import: none that got through stalls a guard.
        for (const slow of stallingPatterns(patternsIn(JSON.parse(await readFile(join(out, "openapi.json"), "utf8"))))) fail(`pattern ${slow} stalls`);
        valid.push(out);
        if (valid.length > TWIN_SAMPLE) continue;
        // The benign twin: the same document with plain texts must give output of the same structure.
        const twin = new OpenApiGenerator(seed, true).document();
        const twinDir = join(project, "twin");
        await writeDocument(twinDir, project, twin);
        const twinOut = join(project, "twin-generated");
        await importAndGenerate(join(twinDir, twin.name), project, join(project, "twin-catalogue"), twinOut);
        const { escapes: escaped, compared } = await compareOutputs(twinOut, out);
        for (const { file, problem } of escaped) fail(`${file}: differs in structure from the benign twin's: ${problem}`);
        comparedFiles += (compared.ts ?? 0) + (compared.md ?? 0) + (compared.json ?? 0);
      } catch (error) {
        if (!(error instanceof ImportError)) {
          fail(`crashed: ${(error as Error).stack ?? String(error)}`);
          continue;
        }
        refused++;
        const message = error.message;
        if (!/^\S+?(:\d+:\d+)?: error: /.test(message)) fail(`a refusal without a position: ${message}`);
        if (/\n\s+at |RangeError|ReferenceError|TypeError/.test(message)) fail(`a stack trace: ${message}`);
        if (/catalogen-import|a bug in catalogen import/.test(message)) fail(`the importer refused its own catalogue: ${message}`);
        if (message.includes(SECRET) || message.includes(ENVIRONMENT)) fail("the refusal prints text from outside the document's folder");
        if (linked) {
          linkedRefused++;
          if (!message.includes("linked.yaml")) fail(`the refusal of a $ref through a link does not name it: ${message}`);
        }
        if (existsSync(catalogue)) fail("a refused import wrote the catalogue folder");
      }
    }
    expect(failures).toEqual([]);
    // Both outcomes must be common, or the fuzzer tests only one of them.
    expect(valid.length).toBeGreaterThan(CASES / 4);
    expect(refused).toBeGreaterThan(CASES / 20);
    if (CASES >= 50) expect(linkedRefused).toBeGreaterThan(0);
    expect(comparedFiles).toBeGreaterThan(Math.min(valid.length, TWIN_SAMPLE) * 5);

    const compiled: string[] = [];
    for (const out of valid.slice(0, COMPILE_SAMPLE)) {
      for (const target of ["client", "server"]) compiled.push(...(await filesUnder(join(out, target))).filter((file) => file.endsWith(".ts")));
    }
    const result = await typecheck(compiled, { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
  }, 300_000);
});
