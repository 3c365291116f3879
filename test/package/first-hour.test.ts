// A stranger's first hour, from the README as written: its quick start and "Use it in your
// repository" walked in two empty apps made by `npm init -y`, one left CommonJS (npm's default) and
// one made an ES module package. In each: the packed tarball installed from a local file, `init`,
// `generate`, the README's tsconfig.json and main.ts, `tsc`, then `catalogen mock` started with no
// flags and the compiled client run against it. The commands are read from README.md's blocks
// marked run-by this file; only the tarball's path is filled in, and typescript and @types/node
// are pinned to the versions this checkout has (so npm takes them from its cache).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { blocksOf, shellCommands } from "../docs/guide-blocks.js";
import { repoRoot } from "../helpers/generate.js";
import { sharedTarball } from "../helpers/pack-once.js";
import { installedVersion, run } from "../helpers/pack.js";

const readme = blocksOf("README.md", readFileSync(join(repoRoot, "README.md"), "utf8")).filter((block) => block.settings["run-by"] === "test/package/first-hour.test.ts");
const shell = readme.filter((block) => block.lang === "sh");
const tsconfig = readme.find((block) => block.settings.file === "tsconfig.json");
const main = (app: string) => readme.find((block) => block.settings.file === "main.ts" && block.settings.app === app);

const work = await mkdtemp(join(tmpdir(), "catalogen-first-hour-"));
afterAll(() => rm(work, { recursive: true, force: true }));

test("the README has the blocks this walk runs", () => {
  expect(shell.map((block) => shellCommands(block).map((words) => words.slice(0, 3).join(" ")))).toEqual([
    ["npm install --save-dev", "npx catalogen init", "npx catalogen generate"],
    ["npx tsc", "npx catalogen mock", "node dist/main.js"],
  ]);
  expect(tsconfig).toBeDefined();
  expect(main("esm")).toBeDefined();
  expect(main("commonjs")).toBeDefined();
});

/** A README command as words, with the tarball's path and the pinned versions filled in. */
function filledIn(words: string[], tarball: string): string[] {
  return words.map((word) => {
    if (word.endsWith("/catalogen-0.1.0.tgz")) return tarball;
    if (word === "typescript" || word === "@types/node") return `${word}@${installedVersion(word)}`;
    return word;
  });
}

for (const app of ["commonjs", "esm"] as const) {
  describe(`an empty ${app === "esm" ? "ES module" : "CommonJS"} app`, () => {
    const dir = join(work, app);
    const say = (words: string[], env: NodeJS.ProcessEnv = {}) =>
      run(words[0]!, words.slice(1), { cwd: dir, env: { ...process.env, ...env, NO_COLOR: "1" }, maxBuffer: 1 << 26 });
    let init = "";

    beforeAll(async () => {
      const tarball = await sharedTarball();
      await run("mkdir", ["-p", dir]);
      await say(["npm", "init", "-y"]);
      if (app === "esm") await say(["npm", "pkg", "set", "type=module"]);
      const [install, initCommand, generate] = shellCommands(shell[0]!);
      await say([...filledIn(install!, tarball), "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]);
      init = (await say(initCommand!)).stdout;
      await say(generate!);
    }, 600_000);

    test("init configures the module system it finds, and says what tsconfig needs", async () => {
      const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as { type?: string; catalogen: { moduleFormat?: string } };
      if (app === "commonjs") {
        expect(manifest.type).not.toBe("module");
        expect(manifest.catalogen.moduleFormat).toBe("commonjs");
        expect(init).toContain('with "moduleFormat": "commonjs": package.json has no "type": "module"');
      } else {
        expect(manifest.catalogen.moduleFormat).toBeUndefined();
        expect(init).not.toContain("moduleFormat");
      }
      // No tsconfig.json yet: one line says what to set.
      expect(init).toMatch(/note {4}no tsconfig.json: compile with "module": "nodenext"/);
    });

    test("the README's tsconfig.json and main.ts compile with tsc, and the client talks to `catalogen mock` started with no flags", async () => {
      await writeFile(join(dir, "tsconfig.json"), `${tsconfig!.text}\n`);
      await writeFile(join(dir, "main.ts"), `${main(app)!.text}\n`);
      const [tsc, mock, node] = shellCommands(shell[1]!);
      await say(tsc!).catch((error: { stdout: string }) => expect.fail(`tsc: ${error.stdout}`));

      expect(mock).toEqual(["npx", "catalogen", "mock"]);
      const { child, banner } = await started(mock!, dir);
      try {
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(banner.join("\n"))?.[0];
        expect(url, banner.join("\n")).toBeDefined();
        expect(banner).toContain("  personal  dev-personal");
        // The catalogue's example for getNote, through the compiled client.
        expect((await say(node!, { API_URL: url })).stdout).toBe("Buy milk\n");
        // A token the mock does not know: the error's kind and status, as the README prints them.
        expect((await say(node!, { API_URL: url, API_TOKEN: "nope" })).stdout).toMatch(/^unauthorized \(401\): /);
        // A message's "see docs/..." names the page installed with catalogen.
        const refused = await say(["npx", "catalogen", "mock", "--tokens", "absent.txt"]).then(() => "", (error: { stderr: string }) => error.stderr);
        expect(refused).toContain("(see node_modules/catalogen/docs/mock.md)");
        expect(existsSync(join(dir, "node_modules/catalogen/docs/mock.md"))).toBe(true);
      } finally {
        await stopped(child);
      }
    }, 300_000);
  });
}

/** Starts a long-running command and collects its output up to the line listing its tokens. */
async function started(words: string[], cwd: string): Promise<{ child: ChildProcess; banner: string[] }> {
  // Its own process group, so Ctrl-C reaches npx and the mock under it alike.
  const child = spawn(words[0]!, words.slice(1), { cwd, detached: true, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NO_COLOR: "1" } });
  const banner: string[] = [];
  for await (const line of createInterface({ input: child.stdout! })) {
    banner.push(line);
    if (/^ {2}\S+ +dev-\S+$/.test(line) && banner.some((seen) => seen.includes("development tokens"))) break;
  }
  return { child, banner };
}


/** Ctrl-C to the command's process group, as a terminal sends it; then it must have ended. */
async function stopped(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once("exit", done));
  if (child.exitCode === null) process.kill(-child.pid!, "SIGINT");
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}
