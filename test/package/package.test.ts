// catalogen as a consumer gets it: the packed tarball installed into an empty project outside this
// repository, with the optional peers this file's commands use (prettier for scaffold, the MCP SDK
// for mcp), then `npx catalogen init`, `generate`, `scaffold` and `mcp` there, and the result (with
// a typed catalogen.config.ts) compiled under the strict flags. test/package/install.test.ts
// installs catalogen alone and counts what it brings.
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installedVersion, installPacked, packTarball, run, type Packed } from "../helpers/pack.js";
import { typecheck } from "../helpers/tsc.js";

let work: string;
let consumer: string;
let packed: Packed;

/** Runs `npx catalogen ...` in the consumer, as a user would. */
async function catalogen(...args: string[]) {
  return run("npx", ["--no-install", "catalogen", ...args], { cwd: consumer });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "catalogen-package-"));
  consumer = join(work, "consumer");
  packed = await packTarball(work);
  const peers = ["prettier", "@modelcontextprotocol/sdk"].map((name) => `${name}@${installedVersion(name)}`);
  await installPacked(consumer, packed.tarball, peers);
}, 180_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("ships bin, dist with .d.ts, the shipped templates, the schema, the guides, README and LICENSE, and nothing else", () => {
    const paths = packed.files;
    expect(paths).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json", "bin/catalogen.js", "dist/index.js", "dist/index.d.ts", "dist/cli/main.js", "dist/schema/catalogue.schema.json", "dist/schema/living-source.schema.json", "templates/client/transport.ts", "templates/docs/README.md.hbs"]));
    expect(paths).toContain("docs/mock.md");
    const unexpected = paths.filter((path) => !/^(bin|dist|templates|docs)\//.test(path) && !["LICENSE", "README.md", "package.json"].includes(path));
    expect(unexpected).toEqual([]);
    expect(paths.filter((path) => /\.test(-d)?\.ts$/.test(path))).toEqual([]);
  });

  it("installs, inits, generates and scaffolds in an empty project; the result compiles under the strict flags", async () => {
    const init = await catalogen("init");
    expect(init.stdout).toContain("wrote   catalogue/api.yaml");
    expect(init.stdout).toContain(`added   "catalogen" to package.json`);
    const manifest = JSON.parse(await readFile(join(consumer, "package.json"), "utf8")) as { catalogen: unknown };
    expect(manifest.catalogen).toEqual({ catalogue: "catalogue", out: "generated", scaffold: { out: "src/handlers" } });

    // The modelines reach the installed schema from the catalogue folder.
    const api = await readFile(join(consumer, "catalogue/api.yaml"), "utf8");
    const schemaPath = /^# yaml-language-server: \$schema=(\S+)$/m.exec(api)?.[1];
    expect(schemaPath).toBe("../node_modules/catalogen/dist/schema/catalogue.schema.json");
    expect(existsSync(resolve(consumer, "catalogue", schemaPath!))).toBe(true);

    const generate = await catalogen("generate");
    expect(generate.stdout).toMatch(/catalogen: generated: \d+ written, 0 unchanged, 0 removed \(\d+(\.\d)? m?s\)/);
    const scaffold = await catalogen("scaffold");
    expect(scaffold.stdout).toContain("wrote   src/handlers/notes.ts");

    // A typed config that takes over from package.json: same settings, so the output is up to date.
    await writeFile(
      join(consumer, "catalogen.config.ts"),
      `import { defineConfig, type CatalogenConfig } from "catalogen";\n\n` +
        `const targets: CatalogenConfig["targets"] = ["client", "server", "docs", "openapi"];\n` +
        `export default defineConfig({ catalogue: "catalogue", out: "generated", targets, scaffold: { out: "src/handlers" } });\n`,
    );
    const again = await catalogen("generate");
    expect(again.stdout).toMatch(/generated is up to date/);

    // Code a consumer writes against the output: the client's typed operation, the server with the scaffolded handlers.
    await writeFile(
      join(consumer, "app.ts"),
      `import { createServer } from "node:http";\n` +
        `import { createClient, type Note } from "./generated/client/index.js";\n` +
        `import { createRequestHandler, toNodeHandler } from "./generated/server/index.js";\n` +
        `import { handlers } from "./src/handlers/index.js";\n\n` +
        `const api = createClient({ baseUrl: "http://127.0.0.1:8080", token: "t" });\n` +
        `export const note: Promise<Note> = api.notes.getNote({ noteId: "n-1" });\n` +
        `export const server = createServer(toNodeHandler(createRequestHandler(handlers, { authenticate: () => undefined })));\n`,
    );
    const files = ["app.ts", "catalogen.config.ts"].map((name) => join(consumer, name));
    const result = await typecheck(files, { version: "5.9", resolution: "nodenext", types: ["node"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  }, 300_000); // five CLI runs and a strict compile: minutes on a busy 2-core machine

  it("runs `catalogen mcp` there with the MCP SDK installed beside it: the SDK's client lists the starter catalogue's tools", async () => {
    expect(existsSync(join(consumer, "node_modules/@modelcontextprotocol/sdk/package.json"))).toBe(true);
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(consumer, "node_modules/catalogen/bin/catalogen.js"), "mcp", "--base-url", "http://127.0.0.1:9"],
      cwd: consumer,
      env: { PATH: process.env.PATH ?? "", API_TOKEN: "consumer-token-1" },
      stderr: "ignore",
    });
    const client = new Client({ name: "package-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("getNote");
    } finally {
      await client.close();
    }
  }, 180_000);

  it("exports the catalogue schema as catalogen/schema.json, with an $id", async () => {
    const script = `import schema from "catalogen/schema.json" with { type: "json" }; console.log(schema.$id);`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: consumer });
    expect(stdout.trim()).toBe("urn:catalogen:catalogue-schema");
  });
});
