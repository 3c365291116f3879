// What `npm i -D catalogen` costs a consumer (issue 47): the packed tarball installed alone into an
// empty project adds at most 40 packages and 30 MB, runs no install script, and `init`, `import`
// and `generate` work there. prettier, swagger2openapi and the MCP SDK are optional peers: not
// installed, and each command that needs one says so in one line with its install command.
import { existsSync } from "node:fs";
import { lstat, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { installPacked, packTarball, run } from "../helpers/pack.js";
import { tempDir } from "../helpers/temp.js";

const MAX_PACKAGES = 40;
const MAX_BYTES = 30 * 1024 * 1024;
const OPTIONAL_PEERS = ["prettier", "swagger2openapi", "@modelcontextprotocol/sdk"];

let consumer: string;
let npmStderr: string;

/** `npx catalogen ...` in the consumer: exit code, stdout and stderr (a failing command does not throw). */
async function catalogen(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["--no-install", "catalogen", ...args], { cwd: consumer });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Bytes of the files under `dir` (links not followed), as npm's unpacked sizes count them. */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(path);
    else if (entry.isFile()) total += (await lstat(path)).size;
  }
  return total;
}

const OPENAPI = {
  openapi: "3.1.0",
  info: { title: "Notes", version: "1.0" },
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  security: [{ bearer: [] }],
  paths: {
    "/notes/{noteId}": {
      get: {
        operationId: "getNote",
        tags: ["notes"],
        parameters: [{ name: "noteId", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "The note", content: { "application/json": { schema: { type: "object", required: ["id"], properties: { id: { type: "string" }, text: { type: "string" } } } } } } },
      },
    },
  },
};

const SWAGGER = { swagger: "2.0", info: { title: "Old", version: "1" }, paths: { "/ping": { get: { operationId: "ping", responses: { "200": { description: "pong" } } } } } };

beforeAll(async () => {
  const work = await tempDir("catalogen-install");
  consumer = join(work, "consumer");
  const { tarball } = await packTarball(work);
  ({ stderr: npmStderr } = await installPacked(consumer, tarball));
}, 180_000);

describe("npm i -D catalogen into an empty project", () => {
  it(`adds at most ${MAX_PACKAGES} packages and ${MAX_BYTES / 1024 / 1024} MB, none of them an optional peer`, async () => {
    const lock = JSON.parse(await readFile(join(consumer, "node_modules/.package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
    const packages = Object.keys(lock.packages).filter((path) => path !== "");
    expect(packages.length, packages.join(", ")).toBeLessThanOrEqual(MAX_PACKAGES);
    expect(await bytesUnder(join(consumer, "node_modules"))).toBeLessThanOrEqual(MAX_BYTES);
    for (const peer of OPTIONAL_PEERS) expect(existsSync(join(consumer, "node_modules", peer))).toBe(false);
  });

  it("runs no install script of catalogen's (npm does not warn about one)", async () => {
    const manifest = JSON.parse(await readFile(join(consumer, "node_modules/catalogen/package.json"), "utf8")) as { scripts?: Record<string, string> };
    for (const script of ["preinstall", "install", "postinstall", "prepare"]) expect(manifest.scripts?.[script]).toBeUndefined();
    expect(npmStderr).not.toMatch(/catalogen@[^\s]+ \(/);
  });

  it("runs init, import and generate", async () => {
    const init = await catalogen("init");
    expect(init.stderr).toBe("");
    expect(init.stdout).toContain("wrote   catalogue/api.yaml");
    const generate = await catalogen("generate");
    expect(generate.stdout).toMatch(/catalogen: generated: \d+ written/);
    expect(existsSync(join(consumer, "generated/client/index.ts"))).toBe(true);

    await writeFile(join(consumer, "notes.json"), JSON.stringify(OPENAPI));
    const imported = await catalogen("import", "notes.json", "--out", "imported");
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toContain("catalogen: imported 1 operations in 1 modules into imported");
    const fromImport = await catalogen("generate", "--catalogue", "imported", "--out", "imported-out");
    expect(fromImport.code).toBe(0);
    expect(await readFile(join(consumer, "imported-out/client/operations/notes.ts"), "utf8")).toContain("getNote");
  });

  it("names each missing optional peer in one line with its install command, and writes nothing", async () => {
    await writeFile(join(consumer, "old.json"), JSON.stringify(SWAGGER));
    const swagger = await catalogen("import", "old.json", "--out", "old");
    expect(swagger).toMatchObject({ code: 1, stdout: "" });
    expect(swagger.stderr).toBe("catalogen: importing a Swagger 2.0 document needs swagger2openapi, which is not installed: npm i -D swagger2openapi\n");
    expect(existsSync(join(consumer, "old"))).toBe(false);

    const prettier = await catalogen("generate", "--format", "prettier", "--out", "formatted");
    expect(prettier).toMatchObject({ code: 1, stdout: "" });
    expect(prettier.stderr).toBe("catalogen: formatting with prettier (--format prettier, scaffold) needs prettier, which is not installed: npm i -D prettier\n");
    expect(existsSync(join(consumer, "formatted"))).toBe(false);

    const scaffold = await catalogen("scaffold");
    expect(scaffold).toMatchObject({ code: 1, stdout: "" });
    expect(scaffold.stderr).toBe(prettier.stderr);
    expect(existsSync(join(consumer, "src/handlers"))).toBe(false);

    const mcp = await catalogen("mcp", "--base-url", "http://127.0.0.1:9");
    expect(mcp.code).toBe(1);
    expect(mcp.stderr).toBe("catalogen: the mcp command needs @modelcontextprotocol/sdk, which is not installed: npm i -D @modelcontextprotocol/sdk\n");
  });
});
