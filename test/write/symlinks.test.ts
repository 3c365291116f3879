// Issue 13, item 3: the writer never writes or deletes outside the output folder through a
// symbolic link, and its staging files cannot be planted in advance. Real links in real folders.
import { mkdir, readdir, readFile, readlink, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshDir } from "../helpers/generate.js";
import { tree, wideCatalogue } from "./cli-process.js";

async function run(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), cwd });
  return { code, out, err };
}

/** A catalogue, an output folder generated from it, and a folder outside with a user's files. */
async function setUp(targets = "docs,openapi") {
  const root = await freshDir("links");
  const catalogue = await wideCatalogue(join(root, "catalogue"), 3, "first");
  const out = join(root, "out");
  const outside = join(root, "outside");
  await mkdir(outside);
  await writeFile(join(outside, "README.md"), "the user's own readme\n");
  await writeFile(join(outside, "m001.md"), "the user's notes on m001\n");
  const generate = (...extra: string[]) => run(["generate", "--catalogue", catalogue, "--out", out, "--target", targets, ...extra], root);
  expect((await generate()).code).toBe(0);
  /** Changes every module's summary, so the next generate rewrites every file. */
  const edit = (tag: string) => wideCatalogue(catalogue, 3, tag);
  return { root, catalogue, out, outside, generate, edit };
}

describe("symbolic links in the output folder", () => {
  it("refuses to write or delete through a linked folder, naming the link, and leaves the folder it points to alone", async () => {
    const ws = await setUp();
    await rm(join(ws.out, "docs"), { recursive: true });
    await symlink(ws.outside, join(ws.out, "docs"));
    await ws.edit("second");
    await rm(join(ws.catalogue, "m001.yaml")); // docs/m001.md becomes stale: it must not be deleted through the link
    const before = await tree(ws.outside);
    const result = await ws.generate();
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${join(ws.out, "docs")} is a symbolic link (-> ${ws.outside})`);
    expect(await tree(ws.outside)).toEqual(before);
    expect(await readlink(join(ws.out, "docs"))).toBe(ws.outside);
  });

  it("refuses a link where an output file goes, and keeps the link", async () => {
    const ws = await setUp();
    const victim = join(ws.outside, "victim.json");
    await writeFile(victim, "{}\n");
    await rm(join(ws.out, "openapi.json"));
    await symlink(victim, join(ws.out, "openapi.json"));
    await ws.edit("second");
    const result = await ws.generate();
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${join(ws.out, "openapi.json")} is a symbolic link (-> ${victim})`);
    expect(await readlink(join(ws.out, "openapi.json"))).toBe(victim);
    expect(await readFile(victim, "utf8")).toBe("{}\n");
    // Nothing else was written either: the run stopped before changing anything.
    expect(await readFile(join(ws.out, "docs/m000.md"), "utf8")).toContain("(first)");
  });

  it("refuses a linked manifest", async () => {
    const ws = await setUp();
    const manifest = join(ws.out, ".catalogen-manifest.json");
    await writeFile(join(ws.outside, "manifest.json"), await readFile(manifest));
    await rm(manifest);
    await symlink(join(ws.outside, "manifest.json"), manifest);
    await ws.edit("second");
    const result = await ws.generate();
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${manifest} is a symbolic link`);
  });

  it("never writes through a link planted at the staging name earlier versions used", async () => {
    const ws = await setUp();
    const victim = join(ws.outside, "victim.txt");
    await writeFile(victim, "keep me\n");
    for (const path of ["openapi.json", "docs/m000.md", ".catalogen-manifest.json"]) {
      await symlink(victim, join(ws.out, `${path}.catalogen-${process.pid}.tmp`));
    }
    await ws.edit("second");
    const result = await ws.generate();
    expect(result.code).toBe(0);
    expect(await readFile(victim, "utf8")).toBe("keep me\n");
    expect(await readFile(join(ws.out, "docs/m000.md"), "utf8")).toContain("(second)");
  });

  it("refuses a folder where an output file goes, and a file where an output folder goes", async () => {
    const ws = await setUp();
    await rm(join(ws.out, "openapi.json"));
    await mkdir(join(ws.out, "openapi.json"));
    await rm(join(ws.out, "docs"), { recursive: true });
    await writeFile(join(ws.out, "docs"), "a file\n");
    await ws.edit("second");
    const result = await ws.generate();
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${join(ws.out, "openapi.json")} is a folder where catalogen writes a file`);
    expect(result.err).toContain(`${join(ws.out, "docs")} is a file where catalogen needs a folder`);
  });

  it("--check refuses to read through a linked folder too", async () => {
    const ws = await setUp();
    await rm(join(ws.out, "docs"), { recursive: true });
    await symlink(ws.outside, join(ws.out, "docs"));
    const result = await ws.generate("--check");
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${join(ws.out, "docs")} is a symbolic link`);
  });

  it("an output folder that is itself a link (the user's choice) is used where it points", async () => {
    const root = await freshDir("links-root");
    const catalogue = await wideCatalogue(join(root, "catalogue"), 2, "first");
    await mkdir(join(root, "real-out"));
    await symlink(join(root, "real-out"), join(root, "out"));
    const result = await run(["generate", "--catalogue", catalogue, "--out", "out", "--target", "openapi"], root);
    expect(result.code).toBe(0);
    expect(await readdir(join(root, "real-out"))).toEqual([".catalogen-manifest.json", "openapi.json"]);
  });
});
