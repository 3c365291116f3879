// Issue 42, point 1: every file catalogen reads by a name from the project, a document or a config
// lies inside the folder that names it after symbolic links are resolved, is a regular file, and is
// the file that was checked when it is read. A refused file is never read, and no message quotes
// anything it holds. Real symbolic links, the real CLI in a child process (`npm run build` first).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfinedFileError, confinedPath, readConfinedFile, readRegularFile, realFolder } from "../../src/shared/confined-files.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { runCli, wideCatalogue, type Run } from "../write/cli-process.js";

/** In the secret file beside the project, and in the environment of every run (so /proc/self/environ holds it). */
const SECRET = "s3cr3t-token-value";
const env = { CATALOGEN_TEST_SECRET: SECRET };
const linux = process.platform === "linux";

/** A project with a one-module catalogue, and a secret file beside it (outside the project). */
async function project(name: string): Promise<{ root: string; dir: string; catalogue: string; secret: string }> {
  const root = await freshDir(name);
  const dir = join(root, "project");
  const catalogue = await wideCatalogue(join(dir, "catalogue"), 1, "plain");
  const secret = join(root, "secret.yaml");
  await writeFile(secret, `module: ${SECRET}\nPATH=${SECRET}:/bin\n`);
  return { root, dir, catalogue, secret };
}

function expectNothingLeaked(run: Run, code = 1): void {
  expect(run.code).toBe(code);
  expect(run.stdout + run.stderr).not.toContain(SECRET);
  expect(run.stdout + run.stderr).not.toContain("PATH=");
  expect(run.stderr).not.toMatch(/\n\s+at |This is a bug/);
}

describe("the catalogue folder never reads outside itself", () => {
  it.runIf(linux)("refuses a link to /proc/self/environ, in generate, validate and list, printing nothing of it", async () => {
    const { dir, catalogue } = await project("confined-environ");
    await symlink("/proc/self/environ", join(catalogue, "zz.yaml"));
    for (const args of [["generate", "--out", "out"], ["validate"], ["list"]]) {
      const run = await runCli([...args, "--catalogue", "catalogue"], dir, { env });
      expectNothingLeaked(run);
      expect(run.stderr).toContain("catalogue/zz.yaml: error: leads outside the catalogue folder catalogue through a symbolic link");
      expect(run.stderr).toContain("hint: catalogen reads only files inside catalogue: put a copy of the file there instead of the link");
    }
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("refuses a link to a file beside the project, and one through a linked subpath, printing nothing of it", async () => {
    const { root, dir, catalogue, secret } = await project("confined-outside");
    await symlink(secret, join(catalogue, "zz.yaml"));
    const absolute = await runCli(["generate", "--catalogue", "catalogue", "--out", "out"], dir, { env });
    expectNothingLeaked(absolute);
    expect(absolute.stderr).toContain("catalogue/zz.yaml: error: leads outside the catalogue folder catalogue through a symbolic link");
    await rm(join(catalogue, "zz.yaml"));
    // A relative link through a folder link that itself leads out.
    await mkdir(join(root, "elsewhere"));
    await writeFile(join(root, "elsewhere/m.yaml"), `module: ${SECRET}\n`);
    await symlink(join(root, "elsewhere"), join(dir, "shared"));
    await symlink("../shared/m.yaml", join(catalogue, "zz.yaml"));
    const relative = await runCli(["validate", "--catalogue", "catalogue"], dir, { env });
    expectNothingLeaked(relative);
    expect(relative.stderr).toContain("catalogue/zz.yaml: error: leads outside the catalogue folder catalogue through a symbolic link");
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("follows a link to a file inside the folder, and says a dangling link leads nowhere", async () => {
    const { dir, catalogue } = await project("confined-inside");
    await mkdir(join(catalogue, "parts"));
    await rename(join(catalogue, "m000.yaml"), join(catalogue, "parts/m000.yml"));
    await symlink("parts/m000.yml", join(catalogue, "m000.yaml"));
    const run = await runCli(["generate", "--catalogue", "catalogue", "--out", "out", "--target", "docs"], dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    await symlink("gone.yaml", join(catalogue, "zz.yaml"));
    const dangling = await runCli(["validate", "--catalogue", "catalogue"], dir);
    expect(dangling.code).toBe(1);
    expect(dangling.stderr).toContain("catalogue/zz.yaml: error: cannot read the catalogue file (a symbolic link): not found");
  });

  it.runIf(linux)("refuses a FIFO reached through a link inside the folder, without hanging", async () => {
    const { dir, catalogue } = await project("confined-fifo");
    await mkdir(join(catalogue, "parts"));
    execFileSync("mkfifo", [join(catalogue, "parts/pipe.yml")]);
    await symlink("parts/pipe.yml", join(catalogue, "zz.yaml"));
    const run = await runCli(["validate", "--catalogue", "catalogue"], dir);
    // A link to something that is not a file is no catalogue file (as a folder named x.yaml is not).
    expect(run.code).toBe(0);
  });
});

describe("a living source's document is read only inside the project", () => {
  async function living(name: string, openapi: string) {
    const { root, dir, catalogue, secret } = await project(name);
    await rm(catalogue, { recursive: true });
    await mkdir(catalogue);
    await writeFile(join(catalogue, "api.yaml"), `source:\n  openapi: ${openapi}\n`);
    return { root, dir, catalogue, secret };
  }

  it("refuses a document that is a link leading out of the project, positioned at source.openapi", async () => {
    const { dir, secret } = await living("living-link", "../openapi.yaml");
    await symlink(secret, join(dir, "openapi.yaml"));
    const run = await runCli(["generate", "--catalogue", "catalogue", "--out", "out"], dir, { env });
    expectNothingLeaked(run);
    expect(run.stderr).toContain("catalogue/api.yaml:2:12: error: the OpenAPI document must lie inside");
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it.runIf(linux)("refuses /proc/self/environ named directly, positioned, printing nothing of it", async () => {
    const { dir } = await living("living-proc", "../../../../../../../../proc/self/environ");
    const run = await runCli(["validate", "--catalogue", "catalogue"], dir, { env });
    expectNothingLeaked(run);
    expect(run.stderr).toContain("catalogue/api.yaml:2:12: error: the OpenAPI document must lie inside");
  });
});

describe("token tables and config files", () => {
  it("refuses a --tokens file that is a link out of the folder the command runs in, printing nothing of it", async () => {
    const { dir, secret } = await project("tokens-link");
    await symlink(secret, join(dir, "tokens.txt"));
    const run = await runCli(["mock", "--catalogue", repoCatalogue, "--tokens", "tokens.txt", "--port", "0"], dir, { env });
    expectNothingLeaked(run);
    expect(run.stderr).toBe("catalogen mock: the token table tokens.txt leads outside . through a symbolic link; keep the token table inside ., or name another file with --tokens FILE\n");
  });

  it("refuses a config's mock.tokens outside the config's folder", async () => {
    const { root, dir } = await project("tokens-config");
    await writeFile(join(root, "tokens.txt"), `${SECRET}=seller-1:personal\n`);
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, mock: { tokens: "../tokens.txt" } }));
    const run = await runCli(["mock", "--port", "0"], dir, { env });
    expectNothingLeaked(run);
    expect(run.stderr).toBe(`catalogen mock: the token table ${join(root, "tokens.txt")} leads outside .; keep the token table inside ., or name another file with --tokens FILE\n`);
  });

  it.runIf(linux)("refuses a config file that is a link to /proc/self/environ, printing nothing of it", async () => {
    const { dir } = await project("config-link");
    await symlink("/proc/self/environ", join(dir, "catalogen.config.json"));
    const run = await runCli(["validate"], dir, { env });
    expectNothingLeaked(run, 2);
    expect(run.stderr).toBe(`catalogen: cannot read config ${join(dir, "catalogen.config.json")}: leads outside ${dir} through a symbolic link\n`);
  });

  it("refuses a --limit-table-words file outside the folder the command runs in", async () => {
    const { root, dir } = await project("words-outside");
    await writeFile(join(root, "words.json"), `{"${SECRET}": `);
    await writeFile(join(dir, "openapi.yaml"), "openapi: 3.1.0\ninfo: { title: T, version: '1' }\npaths: {}\n");
    const run = await runCli(["import", "openapi.yaml", "--out", "imported", "--limit-table-words", "../words.json"], dir, { env });
    expectNothingLeaked(run);
    expect(run.stderr).toContain("--limit-table-words: ");
    expect(run.stderr).toContain("leads outside the folder catalogen runs in");
  });
});

describe("the one rule (src/shared/confined-files.ts)", () => {
  it("refuses a file swapped for a link after its path was checked: the opened file must be the checked one", async () => {
    const root = await freshDir("swap");
    const folder = join(root, "folder");
    await mkdir(folder);
    await writeFile(join(root, "secret.txt"), SECRET);
    await writeFile(join(folder, "a.yaml"), "a: 1\n");
    const real = confinedPath(join(folder, "a.yaml"), [realFolder(folder)]);
    // Swapped between the check and the read: the read opens without following a link.
    await rm(real);
    await symlink(join(root, "secret.txt"), real);
    expect(() => readRegularFile(real, 1024)).toThrow(ConfinedFileError);
    expect(() => readRegularFile(real, 1024)).toThrow(/replaced while catalogen was reading it/);
  });

  it("never returns what lies outside while a file is swapped back and forth with a link to it", async () => {
    const root = await freshDir("swap-race");
    const folder = join(root, "folder");
    await mkdir(folder);
    await writeFile(join(root, "secret.txt"), SECRET);
    // A child process swaps folder/a.yaml between a regular file and a link out, by atomic renames.
    const swapper = `
      const fs = require("node:fs");
      const [folder, secret] = process.argv.slice(1);
      fs.writeFileSync(folder + "/plain", "inside");
      const end = Date.now() + 3000;
      for (let i = 0; Date.now() < end; i++) {
        try { fs.rmSync(folder + "/next", { force: true }); } catch {}
        if (i % 2) fs.symlinkSync(secret, folder + "/next"); else fs.copyFileSync(folder + "/plain", folder + "/next");
        fs.renameSync(folder + "/next", folder + "/a.yaml");
      }`;
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, ["-e", swapper, folder, join(root, "secret.txt")]);
    const exited = new Promise((done) => child.on("exit", done));
    const inside = [realFolder(folder)];
    const seen = { inside: 0, refused: 0 };
    const until = Date.now() + 2500;
    while (Date.now() < until) {
      try {
        const { bytes } = readConfinedFile(join(folder, "a.yaml"), inside, 1024);
        expect(bytes.toString()).not.toContain(SECRET);
        seen.inside++;
      } catch (error) {
        if (!(error instanceof ConfinedFileError)) throw error;
        expect(error.message).not.toContain(SECRET);
        seen.refused++;
      }
      await new Promise((tick) => setImmediate(tick));
    }
    await exited;
    expect(seen.inside + seen.refused).toBeGreaterThan(0);
  });
});
