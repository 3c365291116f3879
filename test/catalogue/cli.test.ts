// The command line: usage errors, help for every command, defaults from a config file, init, watch.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { COMMANDS } from "../../src/cli/commands.js";
import { synopsis } from "../../src/cli/synopsis.js";
import { freshDir, repoCatalogue, repoRoot } from "../helpers/generate.js";

async function run(args: string[], cwd = repoRoot) {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd });
  return { code, out, err };
}

describe("catalogen CLI", () => {
  it.each([
    [["frobnicate"], /unknown command "frobnicate"/],
    [["generate", "--bogus"], /unknown option --bogus/],
    [["generate", "--target", "client,pdf"], /unknown target "pdf"/],
    [["generate", "--format", "pretty"], /unknown format "pretty"/],
    [["list", "stray"], /unexpected argument "stray"/],
    [[], /Usage: catalogen <command>/],
  ])("exits 2 on a usage error: %j", async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.out + result.err).toMatch(message);
  });

  it.each(COMMANDS.map((command) => command.name))("prints help for %s", async (name) => {
    const result = await run([name, "--help"]);
    expect(result.code).toBe(0);
    expect(result.out.split("\n")[0]).toBe(`Usage: ${synopsis(COMMANDS.find((c) => c.name === name)!)}`);
    for (const flag of Object.keys(COMMANDS.find((c) => c.name === name)!.options)) expect(result.out).toContain(`--${flag}`);
  });

  it("validate reports a valid catalogue", async () => {
    const result = await run(["validate"]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/catalogue is valid: 184 operations in 10 modules/);
  });

  it("takes defaults from catalogen.config.json, relative to the config file, and flags override them", async () => {
    const dir = await freshDir("config");
    await mkdir(join(dir, "nested"));
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, out: "nested/out", targets: ["openapi"] }));
    const result = await run(["generate", "--verbose"], dir);
    expect(result.code).toBe(0);
    expect(result.out).toContain("wrote   nested/out/openapi.json");
    expect(result.out).not.toContain("docs/");
    const flagged = await run(["generate", "--out", "other", "--target", "docs", "--verbose"], dir);
    expect(flagged.out).toContain("wrote   other/docs/README.md");
  });

  it("formats with the output folder's prettier config when the config or --format asks for prettier", async () => {
    const dir = await freshDir("config-format");
    await writeFile(join(dir, ".prettierrc.json"), JSON.stringify({ useTabs: true }));
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, targets: ["openapi"], format: "prettier" }));
    expect((await run(["generate"], dir)).code).toBe(0);
    expect(await readFile(join(dir, "generated", "openapi.json"), "utf8")).toMatch(/^\t"openapi": /m);
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, targets: ["openapi"] }));
    expect((await run(["generate"], dir)).code).toBe(0);
    expect(await readFile(join(dir, "generated", "openapi.json"), "utf8")).toMatch(/^ {2}"openapi": /m); // the default: catalogen's own layout
    expect((await run(["generate", "--format", "prettier"], dir)).code).toBe(0);
    expect(await readFile(join(dir, "generated", "openapi.json"), "utf8")).toMatch(/^\t"openapi": /m);
  });

  it("refuses an unknown format in the config", async () => {
    const dir = await freshDir("config-format-bad");
    await writeFile(join(dir, "catalogen.config.json"), JSON.stringify({ catalogue: repoCatalogue, format: "tidy" }));
    const result = await run(["generate"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/"format" must be "prettier", not "tidy"/);
  });

  it("reads a JavaScript config file with defineConfig", async () => {
    const dir = await freshDir("config-js");
    await writeFile(
      join(dir, "catalogen.config.mjs"),
      `import { defineConfig } from "catalogen";\n` +
        `export default defineConfig({ catalogue: ${JSON.stringify(repoCatalogue)}, out: "js-out", targets: ["openapi"] });\n`,
    );
    const result = await run(["generate", "--verbose"], dir);
    expect(result.code).toBe(0);
    expect(result.out).toContain("wrote   js-out/openapi.json");
  });

  it("scaffold writes handlers once, keeps edits on a second run, and --force replaces them", async () => {
    const dir = await freshDir("scaffold-cli");
    const args = ["scaffold", "--out", "handlers", "--server", "generated/server", "--catalogue", repoCatalogue];
    const first = await run(args, dir);
    expect(first.code).toBe(0);
    expect(first.out).toContain("wrote   handlers/supplies.ts");
    const supplies = join(dir, "handlers/supplies.ts");
    const { readFile } = await import("node:fs/promises");
    await writeFile(supplies, (await readFile(supplies, "utf8")) + "\n// my edit\n");
    const second = await run(args, dir);
    expect(second.out).toContain("kept    handlers/supplies.ts");
    expect(await readFile(supplies, "utf8")).toContain("// my edit");
    const forced = await run([...args, "--force"], dir);
    expect(forced.out).toContain("wrote   handlers/supplies.ts");
    expect(await readFile(supplies, "utf8")).not.toContain("// my edit");
  });

  it("scaffold without a destination is a usage error", async () => {
    const dir = await freshDir("scaffold-usage");
    const result = await run(["scaffold", "--catalogue", repoCatalogue], dir);
    expect(result.code).toBe(2);
    expect(result.err).toContain("--out DIR");
  });

  it("works as `npx catalogen` through the package bin", async () => {
    const { stdout } = await promisify(execFile)("npx", ["--no-install", "catalogen", "list", "--json"], { cwd: repoRoot });
    const rows = JSON.parse(stdout) as unknown[];
    expect(rows).toHaveLength(184);
  });

  it("list shows each operation's servers and its limits' token kinds and groups, and --json carries them", async () => {
    const dir = await freshDir("list-servers");
    await mkdir(join(dir, "catalogue"));
    await writeFile(
      join(dir, "catalogue", "api.yaml"),
      `api:
  title: Test API
  principal: seller
  auth:
    header: Authorization
    tokenKinds:
      - { id: personal, description: Personal token }
      - { id: service, description: Service token }
  servers:
    - { id: live, url: "https://api.example.com", environment: production }
    - { id: sandbox, url: "https://sandbox.example.com", environment: sandbox }
    - { id: files, url: "https://files.example.com", environment: production }
  limitGroups:
    - { id: content, scope: seller, period: 1 minute, limit: 10, interval: 6 seconds, burst: 10, tokens: [service] }
`,
    );
    await writeFile(
      join(dir, "catalogue", "shop.yaml"),
      `module: { id: shop, title: Shop, area: Things, servers: [live, sandbox] }
operations:
  - id: listThings
    method: GET
    path: /things
    summary: List
    limits:
      - { group: content }
      - { scope: seller, period: 1 second, limit: 5, interval: 200 milliseconds, burst: 5, tokens: [personal] }
  - { id: getFile, method: GET, path: /files, summary: File, servers: [files] }
`,
    );
    const text = await run(["list"], dir);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/ listThings {2}servers: live, sandbox {2}limits: 10 per 1 minute \(service tokens; shared budget of group content\); 5 per 1 second \(personal tokens\)\n/);
    expect(text.out).toMatch(/ getFile {2}servers: files\n/);
    const json = await run(["list", "--json"], dir);
    const rows = JSON.parse(json.out) as { id: string; servers: string[] | null; limits: { group?: string; tokens?: string[] }[] | null }[];
    expect(rows.map((row) => [row.id, row.servers, row.limits?.map((limit) => [limit.group ?? null, limit.tokens ?? null]) ?? null])).toEqual([
      ["listThings", ["live", "sandbox"], [["content", ["service"]], [null, ["personal"]]]],
      ["getFile", ["files"], null],
    ]);
    const none = JSON.parse((await run(["list", "--json"])).out) as { servers: unknown }[];
    expect(none.every((row) => row.servers === null)).toBe(true);
  });

  it("generate's summary line gives the time taken", async () => {
    const dir = await freshDir("timing");
    const first = await run(["generate", "--catalogue", repoCatalogue, "--out", "out", "--target", "openapi"], dir);
    expect(first.out).toMatch(/^catalogen: out: 1 written, 0 unchanged, 0 removed \(\d+(\.\d)? m?s\)$/m);
    const second = await run(["generate", "--catalogue", repoCatalogue, "--out", "out", "--target", "openapi"], dir);
    expect(second.out).toMatch(/^catalogen: out is up to date \(\d+(\.\d)? m?s\)$/m);
  });
});

describe("catalogen init", () => {
  it("writes a valid starter catalogue whose modelines reach the schema, and adds the config to package.json in its own indent", async () => {
    const dir = await freshDir("init");
    await writeFile(join(dir, "package.json"), '{\n\t"name": "mine",\n\t"type": "module"\n}\n');
    const result = await run(["init"], dir);
    expect(result.code).toBe(0);
    expect(result.out).toContain("wrote   catalogue/api.yaml");
    expect(result.out).toContain("wrote   catalogue/notes.yaml");
    expect(await readFile(join(dir, "package.json"), "utf8")).toBe(
      '{\n\t"name": "mine",\n\t"type": "module",\n\t"catalogen": {\n\t\t"catalogue": "catalogue",\n\t\t"out": "generated",\n\t\t"scaffold": {\n\t\t\t"out": "src/handlers"\n\t\t}\n\t}\n}\n',
    );
    expect((await readdir(dir)).sort()).toEqual(["catalogue", "package.json"]);
    for (const name of ["api.yaml", "notes.yaml"]) {
      const schema = /^# yaml-language-server: \$schema=(\S+)\n/.exec(await readFile(join(dir, "catalogue", name), "utf8"))?.[1];
      expect(schema).toMatch(/catalogue\.schema\.json$/);
      expect(existsSync(resolve(dir, "catalogue", schema!))).toBe(true);
    }
    const valid = await run(["validate"], dir);
    expect(valid.out).toContain("catalogue is valid: 1 operations in 1 module");
    const list = await run(["list", "--json"], dir);
    expect(JSON.parse(list.out)).toMatchObject([{ id: "getNote", method: "GET", path: "/api/v1/notes/{noteId}" }]);
  });

  it("never overwrites a file, says what it kept, and leaves an existing config alone", async () => {
    const dir = await freshDir("init-again");
    await writeFile(join(dir, "package.json"), '{ "name": "mine" }');
    await run(["init"], dir);
    await writeFile(join(dir, "catalogue/notes.yaml"), "# mine\n");
    const packageJson = await readFile(join(dir, "package.json"), "utf8");
    const again = await run(["init"], dir);
    expect(again.code).toBe(0);
    expect(again.out).toContain("kept    catalogue/api.yaml (it exists)");
    expect(again.out).toContain("kept    catalogue/notes.yaml (it exists)");
    expect(again.out).toContain("kept    package.json (it already configures catalogen)");
    expect(await readFile(join(dir, "catalogue/notes.yaml"), "utf8")).toBe("# mine\n");
    expect(await readFile(join(dir, "package.json"), "utf8")).toBe(packageJson);
  });

  it("--catalogue DIR without a package.json writes the catalogue there and creates nothing else", async () => {
    const dir = await freshDir("init-dir");
    const result = await run(["init", "--catalogue", "api/spec"], dir);
    expect(result.code).toBe(0);
    expect(result.out).toContain("no package.json here, so no config: pass --catalogue api/spec");
    expect(await readdir(dir)).toEqual(["api"]);
    expect((await readdir(join(dir, "api/spec"))).sort()).toEqual(["api.yaml", "notes.yaml"]);
    expect((await run(["validate", "--catalogue", "api/spec"], dir)).code).toBe(0);
  });

  it("reads the project's module system and tsconfig.json: configures moduleFormat, or says in one line what to set", async () => {
    const commonjs = await freshDir("init-commonjs");
    await writeFile(join(commonjs, "package.json"), '{ "name": "mine", "type": "commonjs" }\n');
    await writeFile(join(commonjs, "tsconfig.json"), '{\n  // as tsc --init writes it\n  "compilerOptions": { "module": "nodenext", "verbatimModuleSyntax": true, },\n}\n');
    const first = await run(["init"], commonjs);
    expect(first.code).toBe(0);
    expect(JSON.parse(await readFile(join(commonjs, "package.json"), "utf8")).catalogen).toEqual({ catalogue: "catalogue", out: "generated", moduleFormat: "commonjs", scaffold: { out: "src/handlers" } });
    expect(first.out).toContain('          with "moduleFormat": "commonjs": package.json has no "type": "module", so the client and server compile to require() calls as your code does\n');
    expect(first.out).toContain('  note    tsconfig.json sets "verbatimModuleSyntax": true, which refuses import syntax in a CommonJS package (TS1295): set it to false\n');

    const esm = await freshDir("init-esm");
    await writeFile(join(esm, "package.json"), '{ "name": "mine", "type": "module" }\n');
    await writeFile(join(esm, "tsconfig.json"), '{ "compilerOptions": { "module": "CommonJS" } }\n');
    const second = await run(["init"], esm);
    expect(JSON.parse(await readFile(join(esm, "package.json"), "utf8")).catalogen.moduleFormat).toBeUndefined();
    expect(second.out).toContain('  note    tsconfig.json says "module": "commonjs" but package.json says "type": "module": set "module": "nodenext"\n');
    expect(second.out).not.toContain("moduleFormat");

    // A config of its own is kept: init says what to add to it.
    const configured = await freshDir("init-configured");
    await writeFile(join(configured, "package.json"), '{ "name": "mine" }\n');
    await writeFile(join(configured, "catalogen.config.json"), '{ "catalogue": "catalogue" }\n');
    const third = await run(["init"], configured);
    expect(third.out).toContain('  set     "moduleFormat": "commonjs" in catalogen.config.json: package.json has no "type": "module"');
    expect(third.out).toContain('  note    no tsconfig.json: compile with "module": "nodenext" and "verbatimModuleSyntax": false');
    expect(await readFile(join(configured, "catalogen.config.json"), "utf8")).toBe('{ "catalogue": "catalogue" }\n');

    // A tsconfig.json that leads out of the project through a link is not read.
    const linked = await freshDir("init-linked");
    const outside = await freshDir("init-outside");
    await writeFile(join(outside, "tsconfig.json"), '{ "compilerOptions": { "verbatimModuleSyntax": true } }\n');
    await writeFile(join(linked, "package.json"), '{ "name": "mine" }\n');
    await symlink(join(outside, "tsconfig.json"), join(linked, "tsconfig.json"));
    const fourth = await run(["init"], linked);
    expect(fourth.out).toContain("  note    tsconfig.json could not be read (not JSON, or not a file inside this folder)");
    expect(fourth.out).not.toContain("verbatimModuleSyntax\": true");
  });

  it("writes nothing when package.json is not valid JSON", async () => {
    const dir = await freshDir("init-bad-json");
    await writeFile(join(dir, "package.json"), "{ nope");
    const result = await run(["init"], dir);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^catalogen: .*package\.json is not valid JSON .*; nothing was written\n$/);
    expect(await readdir(dir)).toEqual(["package.json"]);
  });
});

/** The built CLI in a child process, as `npx catalogen` runs it (TypeScript configs need real Node, not vitest's loader). */
async function runBin(args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(repoRoot, "bin/catalogen.js"), ...args], { cwd });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

describe("TypeScript config files", () => {
  const config = (out: string) =>
    `import { defineConfig, type CatalogenConfig } from "catalogen";\n` +
    `import { catalogue } from "./paths.js";\n\n` +
    `const targets: CatalogenConfig["targets"] = ["openapi"];\n` +
    `export default defineConfig({ catalogue, out: ${JSON.stringify(out)} as string, targets });\n`;

  it.each(["catalogen.config.ts", "catalogen.config.mts"])("reads %s, typed by defineConfig, with its own imports", async (name) => {
    const dir = await freshDir("config-ts");
    await writeFile(join(dir, "paths.js"), `export const catalogue = ${JSON.stringify(repoCatalogue)};\n`);
    await writeFile(join(dir, name), config("ts-out"));
    const result = await runBin(["generate", "--verbose"], dir);
    expect(result.err).toBe("");
    expect(result.out).toContain("wrote   ts-out/openapi.json");
    expect((await readdir(dir)).sort()).toEqual([name, "paths.js", "ts-out"].sort()); // nothing written beside it
  });

  it("--config FILE takes a .ts file", async () => {
    const dir = await freshDir("config-ts-flag");
    await writeFile(join(dir, "paths.js"), `export const catalogue = ${JSON.stringify(repoCatalogue)};\n`);
    await writeFile(join(dir, "settings.ts"), config("flag-out"));
    const result = await runBin(["generate", "--config", "settings.ts", "--verbose"], dir);
    expect(result.out).toContain("wrote   flag-out/openapi.json");
  });

  it("takes syntax that is not erasable (an enum) too, and prints no warning", async () => {
    const dir = await freshDir("config-ts-enum");
    await writeFile(
      join(dir, "catalogen.config.ts"),
      `enum Target { OpenApi = "openapi" }\nexport default { catalogue: ${JSON.stringify(repoCatalogue)}, out: "enum-out", targets: [Target.OpenApi] };\n`,
    );
    const result = await runBin(["generate", "--verbose"], dir);
    expect(result.err).toBe("");
    expect(result.out).toContain("wrote   enum-out/openapi.json");
  });

  it("a config that does not compile is one line with file:line:col", async () => {
    const dir = await freshDir("config-ts-bad");
    await writeFile(join(dir, "catalogen.config.ts"), `export default {\n  out: "x" as string,\n`);
    const result = await runBin(["generate"], dir);
    expect(result.code).toBe(2);
    expect(result.err).toBe(`catalogen: ${join(dir, "catalogen.config.ts")}:3:1: '}' expected.\n`);
  });
});

describe("generate --watch", () => {
  it("regenerates after a change, reports an invalid catalogue and keeps watching, and exits 0 on Ctrl-C", async () => {
    const dir = await freshDir("watch");
    await writeFile(join(dir, "package.json"), '{ "name": "watched" }\n');
    await run(["init"], dir);
    const notes = join(dir, "catalogue/notes.yaml");
    const openapi = join(dir, "generated/openapi.json");
    const original = await readFile(notes, "utf8");

    const child = spawn(process.execPath, [join(repoRoot, "bin/catalogen.js"), "generate", "--watch", "--target", "openapi"], { cwd: dir });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));
    /** Waits until `read()` has `count` matches of `pattern`. */
    const waitFor = async (read: () => string, pattern: RegExp, count = 1) => {
      const deadline = Date.now() + 20_000;
      while ((read().match(new RegExp(pattern, "g")) ?? []).length < count) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}\nstdout:\n${out}\nstderr:\n${err}`);
        await new Promise((wait) => setTimeout(wait, 50));
      }
    };
    const summary = /catalogen: generated: \d+ written, \d+ unchanged, \d+ removed \(\d+(\.\d)? m?s\)/;
    try {
      await waitFor(() => out, /watching catalogue and package\.json; Ctrl-C stops/);
      await waitFor(() => out, summary);
      expect(JSON.parse(await readFile(openapi, "utf8")).paths["/api/v1/notes/{noteId}"].get.summary).toBe("Get one note");

      await writeFile(notes, original.replace("summary: Get one note", "summary: Get a note"));
      await waitFor(() => out, summary, 2);
      expect(out).toContain("catalogen: changed catalogue/notes.yaml");
      expect(out).toMatch(/1 written, 0 unchanged, 0 removed/);
      expect(JSON.parse(await readFile(openapi, "utf8")).paths["/api/v1/notes/{noteId}"].get.summary).toBe("Get a note");

      await writeFile(notes, original.replace("{ ref: Note }", "{ ref: Nope }"));
      await waitFor(() => err, /catalogue\/notes\.yaml:\d+:\d+: error: unknown type "Nope"/);
      expect(JSON.parse(await readFile(openapi, "utf8")).paths["/api/v1/notes/{noteId}"].get.summary).toBe("Get a note");

      await writeFile(notes, original.replace("summary: Get one note", "summary: Get the note"));
      await waitFor(() => out, summary, 3);
      expect(JSON.parse(await readFile(openapi, "utf8")).paths["/api/v1/notes/{noteId}"].get.summary).toBe("Get the note");

      // The config is watched too: a new output folder takes effect at once.
      const packageJson = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as { catalogen: { out: string } };
      packageJson.catalogen.out = "elsewhere";
      await writeFile(join(dir, "package.json"), JSON.stringify(packageJson));
      await waitFor(() => out, /catalogen: elsewhere: 1 written/);
      expect(out).toContain("catalogen: changed package.json");
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
  });

  it("exits 1 without a stack trace when the catalogue folder is missing", async () => {
    const dir = await freshDir("watch-missing");
    const result = await runBin(["generate", "--watch", "--catalogue", "nope"], dir);
    expect(result.code).toBe(1);
    expect(result.err).toContain("catalogen: cannot watch nope:");
    expect(result.err).not.toMatch(/^\s+at /m);
  });
});
