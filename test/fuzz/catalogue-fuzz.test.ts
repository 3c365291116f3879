// The attack harness kept as a test: a few hundred seeded random catalogues. Every outcome must be
// either a refusal whose every diagnostic points into a catalogue file (and, through the CLI,
// exit 1 with nothing written), or output that parses; a sample of the outputs is compiled with
// the real tsc under the strict flags; no pattern in a valid catalogue stalls on a hostile string
// (test/fuzz/stalling.ts). About a quarter of the folders also hold a real symbolic link (to a file
// or folder outside, to /proc/self/environ, in a loop, to nothing): refused with the link named,
// never read, nothing of the file it leads to in any message. `__proto__`, `constructor` and
// `toString` names and backtracking patterns such as `(a+)+$` are among the generator's choices.
// Seeds are fixed: a failure names its seed, which replays it.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { madeFiles } from "../../src/emit/plan.js";
import { BUILTIN_TARGETS } from "../../src/emit/registry.js";
import { planTarget } from "../../src/emit/targets.js";
import { EmitError } from "../../src/emit/types.js";
import { CatalogueError } from "../../src/shared/diagnostic.js";
import { loadModel } from "../../src/validate/index.js";
import { freshDir } from "../helpers/generate.js";
import { typecheck } from "../helpers/tsc.js";
import { generateInto, tsFiles } from "../catalogue/support.js";
import { CatalogueGenerator, catalogueLinks, type LinkTarget } from "./generate-catalogue.js";
import { patternsIn, stallingPatterns } from "./stalling.js";

const FIRST_SEED = Number(process.env.CATALOGEN_FUZZ_SEED ?? 1);
const CASES = Number(process.env.CATALOGEN_FUZZ_CASES ?? 300);
/** Cases of each outcome also run through the CLI (and, when valid, compiled). */
const CLI_SAMPLE = 5;

/** What a file outside the catalogue folder holds; no message may quote it. */
const SECRET = "fuzz-secret-outside-the-catalogue";
/** A line of this process's environment (what /proc/self/environ holds); no message may quote it. */
const ENVIRONMENT = `PATH=${process.env.PATH}`;

async function writeFiles(files: Record<string, string>, links: Record<string, LinkTarget> = {}): Promise<string> {
  const dir = await freshDir("fuzz");
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const outside = `${dir}-outside`;
  if (Object.keys(links).length > 0) {
    await mkdir(join(outside, "folder.yaml"), { recursive: true });
    await writeFile(join(outside, "secret.yaml"), `module:\n  id: secret\n  title: ${SECRET}\n  area: ${SECRET}\n`);
  }
  const linkNames = Object.keys(links);
  for (const [name, target] of Object.entries(links)) {
    const to = {
      "outside-file": join(outside, "secret.yaml"),
      "outside-folder": join(outside, "folder.yaml"),
      environ: "/proc/self/environ",
      "self-loop": name,
      loop: linkNames.find((other) => other !== name)!,
      dangling: "gone.yaml",
    }[target];
    await symlink(to, join(dir, name));
  }
  return dir;
}

/** Problems with a refusal of a folder holding links: the link not named, or content it leads to quoted. */
function linkProblems(error: CatalogueError, links: Record<string, LinkTarget>): string[] {
  const text = `${error.message}\n${error.report()}\n${error.diagnostics.map((d) => `${d.message} ${d.hint ?? ""}`).join("\n")}`;
  const problems: string[] = [];
  if (!error.diagnostics.some((d) => Object.keys(links).includes(d.file.replace(/^.*[/\\]/, "")))) problems.push(`the refusal does not name the link: ${error.message}`);
  if (text.includes(SECRET) || text.includes(ENVIRONMENT)) problems.push(`a message quotes what a link leads to: ${error.message}`);
  return problems;
}

/** Problems with one refusal: diagnostics that point nowhere. */
function misplaced(error: CatalogueError, files: Record<string, string>, links: Record<string, LinkTarget> = {}): string[] {
  const problems: string[] = [];
  for (const d of error.diagnostics) {
    const name = d.file.replace(/^.*[/\\]/, "");
    if (links[name] !== undefined && d.line === 0) continue; // the link itself, not a place in a text
    const text = files[name];
    if (text === undefined) problems.push(`${d.file}: not a catalogue file (${d.message})`);
    else if (d.line < 1 || d.column < 1 || d.line > text.split("\n").length + 1) problems.push(`${d.file}:${d.line}:${d.column}: outside the file (${d.message})`);
  }
  if (error.diagnostics.length === 0) problems.push("a refusal without diagnostics");
  return problems;
}

/** Syntax problems of a generated file; copied templates (runtime/, shared/) are the same every time and skipped. */
function syntaxErrors(path: string, content: string): string[] {
  if (/\/(runtime|shared)\//.test(path)) return [];
  if (!path.endsWith(".ts")) return path.endsWith(".json") ? jsonErrors(path, content) : [];
  const { diagnostics = [] } = ts.transpileModule(content, { fileName: path, reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  return diagnostics.map((d) => `${path}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

function jsonErrors(path: string, content: string): string[] {
  try {
    JSON.parse(content);
    return [];
  } catch (error) {
    return [`${path}: ${(error as Error).message}`];
  }
}

describe("seeded catalogue fuzzer", () => {
  it(`${CASES} catalogues from seed ${FIRST_SEED}: a positioned refusal or output that parses; samples compile`, async () => {
    const failures: string[] = [];
    const valid: string[] = [];
    const refused: { dir: string; files: Record<string, string> }[] = [];
    let patternsChecked = 0;
    let backtrackingRefused = 0;
    const linked: { seed: number; dir: string }[] = [];
    const linkKinds = new Set<LinkTarget>();
    for (let seed = FIRST_SEED; seed < FIRST_SEED + CASES; seed++) {
      const files = new CatalogueGenerator(seed).catalogue();
      const links = catalogueLinks(seed);
      const hasLinks = Object.keys(links).length > 0;
      const dir = await writeFiles(files, links);
      try {
        const model = await loadModel(dir);
        if (hasLinks) failures.push(`seed ${seed}: a folder with a link (${Object.values(links).join(", ")}) was read`);
        // Patterns that backtrack catastrophically are refused: none that got through stalls a guard.
        const patterns = patternsIn(model.types);
        patternsChecked += patterns.size;
        for (const slow of stallingPatterns(patterns)) failures.push(`seed ${seed}: pattern ${slow} stalls`);
        for (const target of BUILTIN_TARGETS) {
          for (const file of madeFiles(await planTarget(target, model, {}))) {
            failures.push(...syntaxErrors(file.path, file.content).map((problem) => `seed ${seed}: ${problem}`));
          }
        }
        valid.push(dir);
      } catch (error) {
        if (error instanceof CatalogueError) {
          failures.push(...misplaced(error, files, links).map((problem) => `seed ${seed}: ${problem}`));
          if (hasLinks) {
            failures.push(...linkProblems(error, links).map((problem) => `seed ${seed}: ${problem}`));
            linked.push({ seed, dir });
            for (const kind of Object.values(links)) linkKinds.add(kind);
            continue;
          }
          if (error.diagnostics.some((d) => d.message.includes("exponential time"))) backtrackingRefused++;
          error.report();
          refused.push({ dir, files });
        } else if (error instanceof EmitError) {
          // The validator refuses every name clash the emitters know of, with its position.
          failures.push(`seed ${seed}: valid, but a target refused it: ${error.message}`);
        } else {
          failures.push(`seed ${seed}: crashed: ${(error as Error).stack ?? String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Both outcomes must be common, or the fuzzer tests only one of them.
    expect(valid.length).toBeGreaterThan(CASES / 10);
    expect(refused.length).toBeGreaterThan(CASES / 10);
    // Backtracking patterns are drawn: some refused, some safe ones checked on hostile strings.
    expect(backtrackingRefused).toBeGreaterThan(0);
    expect(patternsChecked).toBeGreaterThan(0);
    expect(linked.length).toBeGreaterThan(CASES / 10);
    if (CASES >= 100) expect(linkKinds.size).toBe(6); // every kind of link was tried

    // Through the CLI: exit 1, one positioned refusal naming the link, nothing it leads to printed, nothing written.
    for (const { seed, dir } of linked.slice(0, CLI_SAMPLE)) {
      const run = await generateInto(dir);
      expect(run.code, `seed ${seed}: ${run.stderr}`).toBe(1);
      expect(run.stderr).toMatch(/^\S+: error: /m);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stderr).not.toContain(SECRET);
      expect(run.stderr).not.toContain(ENVIRONMENT);
      expect(run.written).toBe(false);
    }

    for (const { dir } of refused.slice(0, CLI_SAMPLE)) {
      const run = await generateInto(dir);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/^\S+(:\d+:\d+)?: error: /m);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.written).toBe(false);
    }
    const compiled: string[] = [];
    for (const dir of valid.slice(0, CLI_SAMPLE)) {
      const run = await generateInto(dir, "client,server");
      expect(run.code, run.stderr).toBe(0);
      compiled.push(...(await tsFiles(join(run.out, "client"))), ...(await tsFiles(join(run.out, "server"))));
    }
    const result = await typecheck(compiled, { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
  }, 300_000);
});

