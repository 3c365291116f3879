// Issue 20: a `$ref` reaches only regular files inside the document's folder (symbolic links
// resolved) or a folder the user allows. Everything else is a positioned error that names the
// reference and prints nothing of what the target holds; nothing is written.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, symlink, truncate, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { importOpenApi, ImportError } from "../../src/import/index.js";
import { freshDir, repoRoot } from "../helpers/generate.js";

const SECRET = "s3cr3t-do-not-print";

/** An OpenAPI document whose one response schema is `$ref: <ref>`. */
function documentReferring(ref: string): string {
  return `openapi: 3.1.0
info: { title: Refs }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                $ref: ${JSON.stringify(ref)}
`;
}

/** project/secrets.json beside project/api/, whose openapi.yaml refers to `ref`. */
async function project(ref: string): Promise<{ root: string; api: string; doc: string }> {
  const root = await freshDir("refs");
  const api = join(root, "api");
  await mkdir(api);
  await writeFile(join(root, "secrets.json"), JSON.stringify({ type: "object", properties: { token: { const: SECRET } } }));
  await writeFile(join(api, "pet.yaml"), "type: object\nproperties:\n  name: { type: string }\n");
  const doc = join(api, "openapi.yaml");
  await writeFile(doc, documentReferring(ref));
  return { root, api, doc };
}

async function runImport(cwd: string, extra: string[] = []) {
  let out = "";
  let err = "";
  const code = await main(["import", "openapi.yaml", "--out", "../catalogue", "--report", "../report.txt", ...extra], {
    out: (text) => (out += `${text}\n`),
    err: (text) => (err += `${text}\n`),
    cwd,
  });
  return { code, out, err, written: existsSync(join(cwd, "../catalogue")) || existsSync(join(cwd, "../report.txt")) };
}

/** The refusal every case must get: exit 1, the ref's place and text, nothing of the target, nothing written. */
function expectRefused(run: Awaited<ReturnType<typeof runImport>>, ref: string, why: RegExp): void {
  expect(run.code).toBe(1);
  expect(run.err).toMatch(new RegExp(`^catalogen import: openapi\\.yaml:13:\\d+: error: \\$ref ${JSON.stringify(ref).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`));
  expect(run.err).toMatch(why);
  expect(run.err).not.toMatch(/\n\s+at /);
  for (const leaked of [SECRET, "root:x:0", "PATH="]) expect(run.out + run.err).not.toContain(leaked);
  expect(run.written).toBe(false);
}

describe("$ref confinement", () => {
  it("refuses an absolute path: /etc/passwd and /proc/self/environ", async () => {
    for (const ref of ["/etc/passwd", "/proc/self/environ", "/dev/zero"]) {
      const { api } = await project(ref);
      expectRefused(await runImport(api), ref, /is an absolute path/);
    }
  });

  it("refuses ../ out of the document's folder (a secrets file beside the project) and says how to allow a folder", async () => {
    const { api, root } = await project("../secrets.json");
    const run = await runImport(api);
    expectRefused(run, "../secrets.json", /leads outside the document's folder\n {2}hint: .*--allow-ref-dir DIR/);

    // docs/import-safety.md shows this run, from the project's folder: the page prints what the CLI prints.
    const page = await readFile(join(repoRoot, "docs/import-safety.md"), "utf8");
    const block = /run-by=test\/import\/ref-confinement\.test\.ts -->\n```console\n\$ catalogen (.*)\n([^`]*)```/.exec(page)!;
    let err = "";
    const code = await main(block[1]!.split(" "), { out: () => {}, err: (text) => (err += `${text}\n`), cwd: root });
    expect(code).toBe(1);
    expect(err).toBe(block[2]);
  });

  it("refuses a symbolic link inside the folder that points out of it", async () => {
    const { root, api } = await project("linked.json");
    await symlink(join(root, "secrets.json"), join(api, "linked.json"));
    expectRefused(await runImport(api), "linked.json", /leads outside the document's folder through a symbolic link/);
  });

  it("refuses URLs", async () => {
    for (const ref of ["https://example.com/pet.yaml", "file:///etc/passwd", "//example.com/pet.yaml"]) {
      const { api } = await project(ref);
      expectRefused(await runImport(api), ref, /points at a URL; catalogen reads no URLs/);
    }
  });

  it("refuses a FIFO without hanging, and a socket", async () => {
    const { api } = await project("pipe.yaml");
    execFileSync("mkfifo", [join(api, "pipe.yaml")]);
    expectRefused(await runImport(api), "pipe.yaml", /not a regular file \(a FIFO\)/);

    const { api: socketApi } = await project("socket.yaml");
    const server = createServer().listen(join(socketApi, "socket.yaml"));
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      expectRefused(await runImport(socketApi), "socket.yaml", /not a regular file \(a socket\)/);
    } finally {
      server.close();
    }
  }, 10_000);

  it("refuses a device even in an allowed folder (/dev/zero through a link: it must not grow)", async () => {
    const { api } = await project("zero.yaml");
    await symlink("/dev/zero", join(api, "zero.yaml"));
    expectRefused(await runImport(api), "zero.yaml", /leads outside the document's folder through a symbolic link/);
    expectRefused(await runImport(api, ["--allow-ref-dir", "/dev"]), "zero.yaml", /not a regular file \(a device\)/);
  }, 10_000);

  it("refuses a file larger than the limit without reading it", async () => {
    const { api } = await project("huge.json");
    await writeFile(join(api, "huge.json"), "");
    await truncate(join(api, "huge.json"), 65 * 1024 * 1024); // sparse: nothing is really written
    expectRefused(await runImport(api), "huge.json", /the file is 65\.0 MiB, more than the 64\.0 MiB catalogen reads/);
  });

  it("follows relative refs inside the folder, and into a folder allowed by flag, config or option", async () => {
    const inside = await project("pet.yaml");
    expect((await runImport(inside.api)).code).toBe(0);

    const byFlag = await project("../secrets.json");
    const run = await runImport(byFlag.api, ["--allow-ref-dir", ".."]);
    expect(run.err).toBe("");
    expect(run.code).toBe(0);

    const byConfig = await project("../secrets.json");
    await writeFile(join(byConfig.api, "catalogen.config.json"), JSON.stringify({ import: { allowRefDirs: [".."] } }));
    expect((await runImport(byConfig.api)).code).toBe(0);

    const byOption = await project("../secrets.json");
    expect(() => importOpenApi(byOption.doc)).toThrow(ImportError);
    expect(importOpenApi(byOption.doc, { allowRefDirs: [byOption.root] }).catalogue.modules).toHaveLength(1);
  });
});
