// Every fenced block of README.md and docs/*.md is checked here, so the guides cannot rot (and the
// runnable ones are also run, by test/docs/run-blocks.test.ts):
// - ts: compiled strict (TS 5.9, NodeNext) beside code generated from this repository's catalogue,
//   or from the one a `<!-- doc-test: catalogue=PATH -->` comment names; a
//   `<!-- doc-test: prelude: declare const x: T; -->` comment declares what the snippet assumes;
//   `<!-- doc-test: targets=client,msw -->` generates those targets instead of client, server, tanstack-query and zod.
// - yaml: the page's `api:` and `module:` blocks, and its type fragments (wrapped into a module's
//   `types:`), make one catalogue that must load and validate (the repository's api.yaml stands in
//   for a page without an `api:` block); `doc-test: parse-only` marks a YAML block that is not a
//   catalogue (it must still parse).
// - sh, console: each `catalogen` command parses with the CLI's own flags, each `npm run` names a
//   script; any other command must name the test that runs the block (`doc-test: run-by=FILE`).
// - text: a synopsis line (`catalogen <command> [--flag ...]`) names real commands and flags; an
//   `output-of=validate catalogue=PATH` block is what `catalogen validate` prints for that catalogue.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { execFile } from "node:child_process";
import { basename, dirname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { COMMANDS } from "../../src/cli/commands.js";
import { parseFlags } from "../../src/cli/flags.js";
import { STARTER } from "../../src/cli/init.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { typecheck, type TscResult } from "../helpers/tsc.js";
import type { Target } from "../../src/emit/types.js";
import { guideBlocks, shellCommands, type GuideBlock } from "./guide-blocks.js";

const blocks = await guideBlocks(repoRoot);
const scripts = Object.keys((JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts);
const run = promisify(execFile);
const where = (block: GuideBlock) => `${block.page}:${block.line}`;
const CHECKED = ["ts", "yaml", "sh", "console", "text", "json"];

test("every block has a language the test checks", () => {
  expect(blocks.length).toBeGreaterThan(20);
  expect(blocks.filter((block) => !CHECKED.includes(block.lang)).map(where)).toEqual([]);
});

describe("TypeScript blocks compile", () => {
  // `doc-test: targets=client,msw` generates other targets than client, server, tanstack-query and zod for a block.
  const groups = groupBy(blocks.filter((block) => block.lang === "ts"), (block) => `${block.settings.catalogue ?? "catalogue"}|${block.settings.targets ?? ""}`);
  // One program for every group (one compiler start, one read of the library declarations): each
  // group's generated code and blocks in a folder of its own. The generated code's one module
  // augmentation names its own folder's runtime module, so the groups cannot see each other.
  let work: { prepared: Map<string, Promise<Prepared>>; result: Promise<TscResult> } | undefined;
  const compiled = () => {
    if (work) return work;
    const prepared = new Map<string, Promise<Prepared>>();
    for (const [key, group] of groups) {
      const [catalogue = "catalogue", targets = ""] = key.split("|");
      const one = prepare(catalogue, targets, group);
      one.catch(() => undefined); // its own test reports it
      prepared.set(key, one);
    }
    const result = Promise.allSettled(prepared.values()).then((all) => {
      const files = all.flatMap((group) => (group.status === "fulfilled" ? group.value.files : []));
      return typecheck(files, { version: "5.9", resolution: "nodenext", types: ["node"], compilerOptions: { noUnusedLocals: false, noUnusedParameters: false } });
    });
    return (work = { prepared, result });
  };
  for (const [key, group] of groups) {
    const [catalogue = "catalogue", targets = ""] = key.split("|");
    test(`against ${catalogue}${targets === "" ? "" : ` (${targets})`}: ${group.map(where).join(", ")}`, async () => {
      const { dir } = await compiled().prepared.get(key)!;
      const result = await compiled().result;
      // tsc names files relative to its working folder, the repository; what follows a line naming a file is indented.
      const ours = `${relative(repoRoot, dir)}${sep}`;
      expect(result.output.split("\n").filter((line) => line.startsWith(ours))).toEqual([]);
    }, 240_000);
  }
  test("the program of all the groups has no errors", async () => {
    const result = await compiled().result;
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 240_000);
});

interface Prepared {
  dir: string;
  files: string[];
}

async function prepare(catalogue: string, targets: string, group: GuideBlock[]): Promise<Prepared> {
  const dir = await freshDir("doc-blocks");
  // `catalogue=init`: the starter catalogue `catalogen init` writes (the README's first hour).
  let source = join(repoRoot, catalogue);
  if (catalogue === "init") {
    source = join(dir, "catalogue");
    await mkdir(source);
    for (const [name, text] of Object.entries(STARTER)) await writeFile(join(source, name), text);
  }
  await generate({ catalogue: source, out: join(dir, "generated"), targets: targets === "" ? ["client", "server", "tanstack-query", "zod"] : (targets.split(",") as Target[]) });
  const files: string[] = [];
  for (const block of group) {
    const file = join(dir, `${block.page.replaceAll("/", "-")}-${block.line}.ts`);
    await writeFile(file, [...block.prelude, block.text, "export {};", ""].join("\n"));
    files.push(file);
  }
  return { dir, files };
}

const isCatalogueFile = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && ("api" in value || "module" in value);
const isTypeFragment = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).every((key) => /^[A-Z][A-Za-z0-9]*$/.test(key));

test("JSON blocks parse", () => {
  for (const block of blocks.filter((candidate) => candidate.lang === "json")) expect(() => JSON.parse(block.text), where(block)).not.toThrow();
});

describe("YAML blocks are catalogues that validate", () => {
  const yamlBlocks = blocks.filter((block) => block.lang === "yaml");
  test("each parses", () => {
    for (const block of yamlBlocks) expect(() => parse(block.text), where(block)).not.toThrow();
  });
  for (const [page, group] of groupBy(yamlBlocks.filter((block) => !("parse-only" in block.settings)), (block) => block.page)) {
    test(`${page}: ${group.map(where).join(", ")}`, async () => {
      const files: Record<string, string> = { "api.yaml": await readFile(join(repoRoot, "catalogue/api.yaml"), "utf8") };
      const fragments: string[] = [];
      for (const block of group) {
        const value: unknown = parse(block.text);
        if (isCatalogueFile(value) && "api" in value) files["api.yaml"] = block.text;
        else if (isCatalogueFile(value)) files[`${(value.module as { id: string }).id}.yaml`] = block.text;
        else if (isTypeFragment(value)) fragments.push(block.text);
        else throw new Error(`${where(block)}: neither a catalogue file nor type definitions; mark it <!-- doc-test: parse-only -->`);
      }
      if (fragments.length > 0) {
        const types = fragments.join("\n").split("\n").map((line) => `  ${line}`).join("\n");
        files["doc_types.yaml"] = `module:\n  id: doc_types\n  title: Types shown in ${page}\n  area: Documentation\ntypes:\n${types}\noperations: []\n`;
      }
      const dir = await freshDir("doc-catalogue");
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      await expect(loadModel(dir).then(() => "valid", (error: { report?: () => string }) => error.report?.() ?? String(error))).resolves.toBe("valid");
    });
  }
});

const NPM_BUILTINS = ["ci", "install", "test", "pack"];

describe("commands in sh and console blocks parse", () => {
  for (const block of blocks.filter((candidate) => candidate.lang === "sh" || candidate.lang === "console")) {
    test(where(block), async () => {
      const runBy = block.settings["run-by"];
      if (runBy) expect(await readFile(join(repoRoot, runBy), "utf8"), `${runBy} reads ${block.page}`).toContain(block.page);
      for (const command of shellCommands(block)) {
        const words = command.slice(command.findIndex((word) => !/^[A-Z_]+=/.test(word))); // after VAR=value
        const [program = "", ...args] = words[0] === "npx" && words[1] === "catalogen" ? words.slice(1) : words;
        if (program === "catalogen") {
          const [name, ...rest] = args;
          const command = COMMANDS.find((candidate) => candidate.name === name);
          expect(command, `${where(block)}: catalogen ${name}`).toBeDefined();
          expect(() => parseFlags(command!, rest), `${where(block)}: ${words.join(" ")}`).not.toThrow();
        } else if (program === "npm" && args[0] === "run") {
          expect(scripts, `${where(block)}: ${words.join(" ")}`).toContain(args[1]);
        } else if (program === "npm" && NPM_BUILTINS.includes(args[0] ?? "")) {
          if (args[0] === "test") expect(scripts).toContain("test");
        } else {
          expect(runBy, `${where(block)}: "${words.join(" ")}" is run by no test; name it with <!-- doc-test: run-by=FILE -->`).toBeDefined();
        }
      }
    });
  }
});

describe("text blocks", () => {
  for (const block of blocks.filter((candidate) => candidate.lang === "text")) {
    test(where(block), async () => {
      if (block.settings["output-of"] === "validate") {
        // The real CLI, in the catalogue's parent folder, as a user runs it there.
        const catalogue = join(repoRoot, block.settings.catalogue ?? "");
        const ran = await run(process.execPath, [join(repoRoot, "bin/catalogen.js"), "validate", "--catalogue", basename(catalogue)], { cwd: dirname(catalogue), env: { ...process.env, NO_COLOR: "1" } })
          .then(() => ({ code: 0, stderr: "" }), (error: { code: number; stderr: string }) => error);
        expect(ran.code).toBe(1);
        expect(ran.stderr).toContain(block.text);
        return;
      }
      const lines = block.text.split("\n").filter((line) => line.trim() !== "");
      expect(lines.every((line) => line.startsWith("catalogen ")), `${where(block)}: a text block is a synopsis or names what it is the output of`).toBe(true);
      for (const line of lines) {
        const [, name = "", ...rest] = line.split(/\s+/);
        if (name === "<command>") continue;
        const command = COMMANDS.find((candidate) => candidate.name === name);
        expect(command, `${where(block)}: catalogen ${name}`).toBeDefined();
        for (const flag of rest.join(" ").matchAll(/--([a-z][a-z-]*)/g)) {
          expect([...Object.keys(command!.options), "help", "config"], `${where(block)}: ${line}`).toContain(flag[1]);
        }
      }
    });
  }
});

test("the helpers above read fences, comments and shell words as written", async () => {
  const { blocksOf, shellWords } = await import("./guide-blocks.js");
  const [block] = blocksOf("x.md", "<!-- doc-test: catalogue=a run-by=b -->\n\n<!-- doc-test: prelude: declare const t: string; -->\n```ts\nlet x = 1;\n```\n");
  expect(block).toMatchObject({ lang: "ts", line: 4, text: "let x = 1;", settings: { catalogue: "a", "run-by": "b" }, prelude: ["declare const t: string;"] });
  expect(shellWords(`SANDBOX="a b" node x # comment`)).toEqual(["SANDBOX=a b", "node", "x"]);
});

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
