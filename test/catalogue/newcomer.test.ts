// The mistakes a newcomer makes in the first hour (issue 27), each run through the real CLI:
// exit code, what the message names, a suggestion where a word was mistyped, and never a stack trace
// or a dump of the whole help.
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { progress } from "../../src/cli/progress.js";
import { loadModel } from "../../src/pipeline.js";
import { CatalogueError } from "../../src/shared/diagnostic.js";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { writeCatalogue } from "./support.js";

async function run(args: string[], cwd = process.cwd()) {
  let out = "";
  let err = "";
  const code = await main(args, { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`), cwd });
  expect(out + err).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace, whatever happened
  return { code, out, err };
}

describe("usage mistakes get a suggestion, not the whole help", () => {
  test.each([
    [["genrate"], /^catalogen: unknown command "genrate"; did you mean "generate"\?\nRun `catalogen --help` for the commands\.\n$/],
    [["generate", "--tagret", "client"], /^catalogen generate: unknown option --tagret; did you mean --target\?\nRun `catalogen generate --help` for its options\.\n$/],
    [["generate", "--target", "clinet"], /unknown target "clinet"; did you mean "client"\?; the targets are client, server, docs, openapi/],
    [["import", "--out"], /--out needs a value/],
    [["validate", "extra"], /unexpected argument "extra": validate takes only options/],
  ])("%j", async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).not.toContain("Usage:");
  });

  test("help puts every description in one column", async () => {
    const { out } = await run(["generate", "--help"]);
    const options = out.split("\n").filter((line) => /^ {2}-/.test(line));
    const columns = new Set(options.map((line) => /^ {2}\S.*?\S {2,}(?=\S)/.exec(line)?.[0].length));
    expect(options.length).toBeGreaterThan(5);
    expect(columns.size).toBe(1);
    expect(out).toMatch(/--import-extension <js\|ts> {2,}Extension of/);
  });
});

describe("a missing file names the file and the next step", () => {
  test("a missing catalogue folder points at catalogen init", async () => {
    const dir = await freshDir("newcomer-empty");
    const result = await run(["generate"], dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/(^|\/)catalogue: error: cannot read the catalogue folder: not found\n {2}hint: run `npx catalogen init`/);
  });

  test("import of a missing document says not found", async () => {
    const dir = await freshDir("newcomer-import");
    const result = await run(["import", "openapi.yaml", "--out", "catalogue"], dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^catalogen import: openapi\.yaml: error: cannot read the document: not found\n/);
  });

  test("mock with a missing token table says not found, not ENOENT", async () => {
    const dir = await freshDir("newcomer-mock");
    const result = await run(["mock", "--catalogue", repoCatalogue, "--tokens", "dev-tokens.txt"], dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/cannot read the token table dev-tokens\.txt: not found; write one token=sellerId:kind a line/);
    expect(result.err).not.toContain("ENOENT");
  });
});

describe("config mistakes name the key", () => {
  test.each([
    [{ target: ["client"] }, /catalogen\.config\.json: "target" is not a catalogen setting; did you mean "targets"\?/],
    [{ targets: ["clients"] }, /"targets\[0\]": unknown target "clients"; did you mean "client"\?/],
    [{ scaffold: { otu: "x" } }, /"scaffold\.otu" is not a catalogen setting; did you mean "scaffold\.out"\?/],
    [{ scaffold: { folder: "x" } }, /"scaffold\.folder" is not a catalogen setting; the settings are out/],
    [{ mock: { tokens: 3 } }, /"mock\.tokens" must be a file path \(a string\), not 3/],
    [{ importExtension: "mjs" }, /"importExtension" must be "js" or "ts", not "mjs"/],
  ])("%j", async (config, message) => {
    const dir = await freshDir("newcomer-config");
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, ...config }));
    const result = await run(["validate"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
  });

  test("a package.json key is named by its path there", async () => {
    const dir = await freshDir("newcomer-pkg");
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "x", catalogen: { catalogue: repoCatalogue, outt: "gen" } }));
    const result = await run(["validate"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/package\.json: "catalogen\.outt" is not a catalogen setting; did you mean "catalogen\.out"\?/);
  });

  test("a config file beside a package.json key is a warning that says which wins", async () => {
    const dir = await freshDir("newcomer-both");
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "x", catalogen: { catalogue: "elsewhere" } }));
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue }));
    const result = await run(["validate"], dir);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/^catalogen: warning: .*catalogen\.config\.json and the "catalogen" key of .*package\.json both configure catalogen; .*catalogen\.config\.json wins/);
  });
});

test("an imported catalogue points its editor schema where init does: the installed package's dist/", async () => {
  const dir = await freshDir("newcomer-modeline");
  const installed = join(dir, "node_modules/catalogen/dist/schema");
  await mkdir(installed, { recursive: true });
  await copyFile(join(repoRoot, "src/schema/catalogue.schema.json"), join(installed, "catalogue.schema.json"));
  const result = await run(["import", join(repoRoot, "test/import/fixtures/shop.yaml"), "--out", "catalogue"], dir);
  expect(result.code).toBe(0);
  const api = await readFile(join(dir, "catalogue/api.yaml"), "utf8");
  expect(api).toMatch(/^# yaml-language-server: \$schema=\.\.\/node_modules\/catalogen\/dist\/schema\/catalogue\.schema\.json\n/);
});

test("CatalogueError.message carries the first problems with their places", async () => {
  const dir = await writeCatalogue({ "shop.yaml": "module: { id: shop, title: Shop, area: A }\noperations:\n  - { id: a, method: GET, path: /a, summary: A, tokens: [nobody] }\n" });
  const error = await loadModel(dir).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CatalogueError);
  expect((error as Error).message).toMatch(/^The catalogue has 1 error\.\n.*shop\.yaml:3:\d+: unknown token kind "nobody"/);
});

describe("output: a summary by default, every file with --verbose, nothing with --quiet", () => {
  test("three verbosities of one generate", async () => {
    const dir = await freshDir("newcomer-output");
    await mkdir(dir, { recursive: true });
    const plain = await run(["generate", "--catalogue", repoCatalogue, "--out", "a", "--target", "openapi"], dir);
    expect(plain.out).toMatch(/^catalogen: a: 1 written, 0 unchanged, 0 removed \(\d+(\.\d)? m?s\)\n$/);
    const verbose = await run(["generate", "--catalogue", repoCatalogue, "--out", "b", "--target", "openapi", "--verbose"], dir);
    expect(verbose.out).toContain("  wrote   b/openapi.json");
    const quiet = await run(["generate", "--catalogue", repoCatalogue, "--out", "c", "--target", "openapi", "--quiet"], dir);
    expect(quiet.out + quiet.err).toBe("");
  });

  test("the status line waits a second, redraws at most every 100 ms, and is cleared at the end", async () => {
    vitestClock.at = 0;
    const lines: string[] = [];
    const status = progress({ out: () => {}, err: () => {}, cwd: ".", status: (text) => lines.push(text) }, { now: () => vitestClock.at });
    status.count("writing files", 1);
    vitestClock.at = 1000;
    status.count("writing files", 2);
    vitestClock.at = 1050;
    status.count("writing files", 3);
    vitestClock.at = 1100;
    status.count("writing files", 4, 9);
    status.stageNow("writing and checking");
    status.end();
    expect(lines).toEqual(["catalogen: writing files: 2", "catalogen: writing files: 4/9", "catalogen: writing and checking", ""]);
  });

  test("no status line without a terminal", () => {
    const status = progress({ out: () => {}, err: () => {}, cwd: "." }, { delayMs: 0 });
    expect(() => {
      status.stageNow("reading");
      status.count("writing files", 1);
      status.end();
    }).not.toThrow();
  });
});

const vitestClock = { at: 0 };
