// Every shell command and every runnable code block of README.md and docs/ runs here, against real
// processes (test/docs/guide-blocks.test.ts compiles and parses the same blocks):
// - sh: each command, in order, in a project of its own under .tmp/: this repository's catalogue
//   (or, with `doc-test: project=documents`, none) and the files commands name
//   (test/fixtures/doc-project: openapi.yaml, swagger.json, api/ ...), with this checkout's bin as
//   node_modules/.bin/catalogen. `catalogen` commands must exit 0; `mock`, `mcp` and `--watch` run
//   until they say they are ready, then get Ctrl-C and must exit 0 (port 4010 becomes a free port,
//   in every command of the block). `npm install PACKAGE` must name a package this checkout has
//   (the registry is not asked).
// - ts: a block that is a config (`export default defineConfig`) is the project's
//   catalogen.config.ts (or its `file=`), with the page's other `file=` blocks beside it and a
//   starter catalogue for each catalogue folder it names, and `catalogen generate` must succeed
//   with it; a block that imports vitest runs as a vitest test file; the rest are bundled with
//   esbuild and run in one process per catalogue (run-blocks-driver.mjs), calls to any API going to
//   `catalogen mock` of that catalogue.
// - yaml, json, text: validated and compared by guide-blocks.test.ts.
// A block run by another test names it (`doc-test: run-by=FILE`); a block that cannot run says why
// in a quoted line the reader sees, `> Not run by the doc tests: REASON`.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { build } from "esbuild";
import { describe, expect, test } from "vitest";
import { STARTER } from "../../src/cli/init.js";
import type { Target } from "../../src/emit/types.js";
import { generate, loadModel } from "../../src/pipeline.js";
import { principalIdField } from "../../src/shared/principal.js";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";
import { startRedis } from "../redis/support.js";
import { guideBlocks, shellCommands, type GuideBlock } from "./guide-blocks.js";

const run = promisify(execFile);
const bin = join(repoRoot, "bin/catalogen.js");
const blocks = await guideBlocks(repoRoot);
const where = (block: GuideBlock) => `${block.page}:${block.line}`;
const RUNNABLE = ["sh", "console", "ts"];
const runnable = blocks.filter((block) => RUNNABLE.includes(block.lang) && block.settings["run-by"] === undefined && block.settings["not-run"] === undefined);
const isConfig = (block: GuideBlock) => /export default defineConfig\(/.test(block.text);
const isVitest = (block: GuideBlock) => /from "vitest"/.test(block.text);

test("every runnable block is run here, by the test it names, or says why not where the reader sees it", async () => {
  for (const block of blocks.filter((candidate) => RUNNABLE.includes(candidate.lang))) {
    const runBy = block.settings["run-by"];
    if (runBy !== undefined) expect(await readFile(join(repoRoot, runBy), "utf8"), `${where(block)}: ${runBy} reads ${block.page}`).toContain(block.page);
    const reason = block.settings["not-run"];
    if (reason !== undefined) expect(reason.length, `${where(block)}: a reason`).toBeGreaterThan(10);
  }
  expect(runnable.length).toBeGreaterThan(40);
});

describe("shell blocks run", () => {
  for (const block of runnable.filter((candidate) => candidate.lang === "sh" || candidate.lang === "console")) {
    test(where(block), async () => {
      const dir = await project(block.settings.project === "documents" ? "documents" : "seller");
      const port = String(await freePort());
      const started: ChildProcess[] = [];
      try {
        for (const written of shellCommands(block)) {
          const words = written.map((word) => word.replaceAll("4010", port));
          const env: Record<string, string> = {};
          while (/^[A-Z_]+=/.test(words[0] ?? "")) {
            const [name = "", ...value] = words.shift()!.split("=");
            env[name] = value.join("=");
          }
          const args = words[0] === "npx" && words[1] === "catalogen" ? words.slice(2) : words[0] === "catalogen" ? words.slice(1) : undefined;
          if (args !== undefined) {
            if (args[0] === "mock" && !args.includes("--port")) args.push("--port", port);
            if (args[0] === "mock" || args[0] === "mcp" || args.includes("--watch")) started.push(await startedCommand(args, dir, env, block));
            else await catalogen(args, dir, env, block);
          } else if (words[0] === "npm" && (words[1] === "install" || words[1] === "i")) {
            for (const name of words.slice(2).filter((word) => !word.startsWith("-"))) {
              expect(existsSync(join(repoRoot, "node_modules", name, "package.json")), `${where(block)}: npm install ${name}`).toBe(true);
            }
          } else {
            expect.fail(`${where(block)}: "${written.join(" ")}" is run by no test; name it with <!-- doc-test: run-by=FILE --> or say why with "> Not run by the doc tests: ..."`);
          }
        }
      } finally {
        // Every one stopped before any is judged, so a failure leaves nothing running.
        const codes: (number | null)[] = [];
        for (const child of started.reverse()) codes.push(await interrupted(child));
        expect(codes.filter((code) => code !== 0), `${where(block)}: exit codes after Ctrl-C`).toEqual([]);
      }
    }, 180_000);
  }
});

describe("config blocks generate", () => {
  for (const block of runnable.filter((candidate) => candidate.lang === "ts" && isConfig(candidate))) {
    test(where(block), async () => {
      const dir = await project("seller");
      for (const other of blocks.filter((candidate) => candidate.page === block.page && candidate !== block && candidate.settings.file !== undefined && !isConfig(candidate))) {
        await writeFile(join(dir, other.settings.file!), `${other.text}\n`);
      }
      for (const [, folder = ""] of block.text.matchAll(/catalogue: "([^"]+)"/g)) {
        if (existsSync(join(dir, folder))) continue;
        await mkdir(join(dir, folder), { recursive: true });
        for (const [name, text] of Object.entries(STARTER)) await writeFile(join(dir, folder, name), text);
      }
      await writeFile(join(dir, block.settings.file ?? "catalogen.config.ts"), `${block.text}\n`);
      await writeFile(join(dir, "package.json"), JSON.stringify({ name: "doc-project", private: true, type: "module" }));
      await catalogen(["generate"], dir, {}, block);
    }, 180_000);
  }
});

describe("TypeScript blocks run", () => {
  const scripts = runnable.filter((block) => block.lang === "ts" && !isConfig(block) && block.settings.file === undefined);
  const groups = new Map<string, GuideBlock[]>();
  for (const block of scripts) {
    const key = `${block.settings.catalogue ?? "catalogue"}|${block.settings.targets ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), block]);
  }
  for (const [key, group] of groups) {
    const [catalogue = "catalogue", targets = ""] = key.split("|");
    test(`against ${catalogue}${targets === "" ? "" : ` (${targets})`}: ${group.map(where).join(", ")}`, async () => {
      const dir = await project("seller");
      const source = catalogue === "init" ? await starterCatalogue(dir) : join(repoRoot, catalogue);
      await generate({ catalogue: source, out: join(dir, "generated"), targets: targets === "" ? ["client", "server", "tanstack-query", "zod"] : (targets.split(",") as Target[]) });
      const files: { where: string; file: string }[] = [];
      for (const block of group.filter((candidate) => !isVitest(candidate))) {
        const name = `${block.page.replaceAll("/", "-")}-${block.line}`;
        await writeFile(join(dir, `${name}.ts`), [...block.prelude, block.text, ""].join("\n"));
        await build({ entryPoints: [join(dir, `${name}.ts`)], outfile: join(dir, `${name}.mjs`), bundle: true, format: "esm", platform: "node", packages: "external", logLevel: "error" });
        files.push({ where: where(block), file: join(dir, `${name}.mjs`) });
      }
      // A block that names REDIS_URL gets a real redis-server of its own.
      const redis = group.some((block) => block.text.includes("REDIS_URL")) ? await startRedis() : undefined;
      if (files.length > 0) {
        const model = await loadModel(source);
        const servers = (model.servers ?? []).map((server) => server.url);
        const results = join(dir, "results.jsonl");
        await writeFile(results, "");
        const input = { dist: join(repoRoot, "dist/index.js"), catalogue: source, principalField: principalIdField(model.principal), tokenKind: model.auth.tokenKinds[0]?.id ?? "personal", servers, results, blocks: files };
        await run(process.execPath, [join(repoRoot, "test/docs/run-blocks-driver.mjs"), JSON.stringify(input)], {
          cwd: dir,
          env: { ...process.env, SELLER_TOKEN: "doc-token", API_TOKEN: "doc-token", NO_COLOR: "1", ...(redis && { REDIS_URL: redis.url }) },
          maxBuffer: 1 << 26,
        }).finally(() => redis?.stop());
        const ran = (await readFile(results, "utf8")).split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as { where: string; ok: boolean; error?: string });
        expect(ran.filter((result) => !result.ok)).toEqual([]);
        expect(ran.map((result) => result.where)).toEqual(files.map((file) => file.where));
      }
      for (const block of group.filter(isVitest)) {
        const name = `${block.page.replaceAll("/", "-")}-${block.line}.test.ts`;
        await writeFile(join(dir, name), [...block.prelude, block.text, ""].join("\n"));
        await writeFile(join(dir, "vitest.config.mjs"), `export default { test: { include: ["*.test.ts"], setupFiles: [${JSON.stringify(join(repoRoot, "test/msw/node20.ts"))}] } };\n`);
        const ran = await run(process.execPath, [join(repoRoot, "node_modules/vitest/vitest.mjs"), "run", "--root", dir, "--config", join(dir, "vitest.config.mjs"), name], { cwd: dir, env: { ...process.env, NO_COLOR: "1" } })
          .then((result) => ({ code: 0, output: result.stdout + result.stderr }), (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }));
        expect(ran, where(block)).toMatchObject({ code: 0 });
        expect(ran.output).toMatch(/Tests +\d+ passed/);
      }
    }, 300_000);
  }
});

/** A project under .tmp/ (so packages resolve from this checkout), with this checkout as node_modules/catalogen. */
async function project(kind: "seller" | "documents"): Promise<string> {
  const dir = await freshDir("doc-project");
  await cp(join(repoRoot, "test/fixtures/doc-project"), dir, { recursive: true });
  if (kind === "seller") await cp(repoCatalogue, join(dir, "catalogue"), { recursive: true });
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "doc-project", private: true, type: "module" }));
  await mkdir(join(dir, "node_modules/.bin"), { recursive: true });
  await symlink(repoRoot, join(dir, "node_modules/catalogen"));
  await symlink(bin, join(dir, "node_modules/.bin/catalogen"));
  return dir;
}

async function starterCatalogue(dir: string): Promise<string> {
  const folder = join(dir, "starter");
  await mkdir(folder);
  for (const [name, text] of Object.entries(STARTER)) await writeFile(join(folder, name), text);
  return folder;
}

async function catalogen(args: string[], cwd: string, env: Record<string, string>, block: GuideBlock): Promise<void> {
  await run(process.execPath, [bin, ...args], { cwd, env: { ...process.env, ...env, NO_COLOR: "1" }, maxBuffer: 1 << 26 }).catch((error: { code: number; stdout: string; stderr: string }) =>
    expect.fail(`${where(block)}: catalogen ${args.join(" ")} exited ${error.code}:\n${error.stdout}${error.stderr}`),
  );
}

const READY = /Ctrl-C stops it|on stdio|catalogen: .*(written|up to date)/;

/** Starts a long-running command; resolves once it says it is ready. */
async function startedCommand(args: string[], cwd: string, env: Record<string, string>, block: GuideBlock): Promise<ChildProcess> {
  const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, ...env, NO_COLOR: "1" }, stdio: ["pipe", "pipe", "pipe"] });
  const lines = [createInterface({ input: child.stdout! }), createInterface({ input: child.stderr! })];
  const seen: string[] = [];
  await new Promise<void>((ready, fail) => {
    for (const reader of lines) {
      reader.on("line", (line) => {
        seen.push(line);
        if (READY.test(line)) ready();
      });
    }
    child.once("exit", (code) => fail(new Error(`${where(block)}: catalogen ${args.join(" ")} exited ${code} before it was ready:\n${seen.join("\n")}`)));
  });
  return child;
}

/** Ctrl-C, as a terminal sends it; an MCP server on stdio ends with its input, as when its client goes. */
async function interrupted(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  if (child.spawnargs.includes("mcp") && !child.spawnargs.includes("--http")) child.stdin!.end();
  else child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
