// openapi.json after a change, its unchanged modules' path items and named types copied from the file
// on disk where the kept layout places them (src/emit/openapi/pieces.ts), must be the text the whole
// document prints (the path taken without a cache folder), also when an edit in one module moves
// another module's servers between its path item and its operation.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { generate } from "../../src/pipeline.js";
import { freshDir } from "../helpers/generate.js";
import { restoreCacheDirAfterEach } from "../helpers/output-tree.js";

restoreCacheDirAfterEach();

const api = {
  api: {
    title: "Pieces API",
    auth: { header: "Authorization", tokenKinds: [{ id: "personal", description: "Personal token" }] },
    servers: [
      { id: "live", url: "https://api.example.com", environment: "production" },
      { id: "sandbox", url: "https://sandbox.example.com", environment: "sandbox" },
      { id: "uploads", url: "https://uploads.example.com" },
    ],
    pagination: [{ id: "cursor", style: "cursor", items: "data", next: "next", cursor: { in: "query", name: "cursor" } }],
  },
};

function modules(uploadsServers: string[]): Record<string, unknown>[] {
  return [
    {
      module: { id: "alpha", title: "Alpha", area: "First" },
      types: { AlphaThing: { type: "object", description: "A thing", properties: { id: { type: "integer", required: true }, beta: { ref: "BetaThing" } } } },
      operations: [
        { id: "getShared", method: "GET", path: "/shared/{id}", summary: "Shared path, read", servers: ["uploads"], parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] },
        { id: "listAlpha", method: "GET", path: "/alpha", summary: "List", pagination: { use: "cursor" }, responses: { "200": { description: "Page", content: { "application/json": { schema: { type: "object", properties: { data: { type: "array", items: { ref: "AlphaThing" } }, next: { type: "string" } } } } } } } },
      ],
    },
    {
      module: { id: "beta", title: "Beta", area: "Second" },
      types: { BetaThing: { type: "string", enum: ["a", "b"] } },
      operations: [
        { id: "putShared", method: "PUT", path: "/shared/{id}", summary: "Shared path, write", servers: uploadsServers, parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], request: { content: { "application/json": { schema: { ref: "AlphaThing" } } } } },
        { id: "getBeta", method: "GET", path: "/beta", summary: "One", description: "Says \"quotes\" and \\ and é" },
      ],
    },
  ];
}

async function writeCatalogue(dir: string, files: Record<string, unknown>[]): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "api.yaml"), stringify(api));
  for (const data of files) await writeFile(join(dir, `${(data.module as { id: string }).id}.yaml`), stringify(data, { lineWidth: 0 }));
}

describe("openapi.json joined from kept pieces", () => {
  it("is the whole document's text, across edits that move another module's servers", async () => {
    const base = await freshDir("openapi-pieces");
    const catalogue = join(base, "catalogue");
    const out = join(base, "out");
    const cache = join(base, "cache");
    const rounds: [string, string[]][] = [
      ["both methods of /shared/{id} on uploads: servers on the path item", ["uploads"]],
      ["beta's moves to the sandbox: each operation its own", ["sandbox"]],
      ["and back", ["uploads"]],
    ];
    let shapes = "";
    for (const [what, servers] of rounds) {
      await writeCatalogue(catalogue, modules(servers));
      process.env.CATALOGEN_CACHE_DIR = cache;
      await generate({ catalogue, out });
      // Only the layout is kept: the pieces are the document's own bytes.
      expect(await readdir(join(cache, "openapi-pieces")), what).toEqual(["layout.json"]);
      const cold = join(base, "cold");
      await rm(cold, { recursive: true, force: true });
      process.env.CATALOGEN_CACHE_DIR = "off";
      await generate({ catalogue, out: cold });
      const text = await readFile(join(out, "openapi.json"), "utf8");
      expect(text, what).toBe(await readFile(join(cold, "openapi.json"), "utf8"));
      const shared = (JSON.parse(text) as { paths: Record<string, { servers?: unknown; get: { servers?: unknown } }> }).paths["/shared/{id}"]!;
      shapes += `${shared.servers ? "item" : "operation"}${shared.get.servers ? "+get" : ""} `;
    }
    // The edits did move the servers: the comparison above saw both places.
    expect(shapes).toBe("item operation+get item ");
  }, 30_000);
});

describe("openapi.json's path items shared across modules", () => {
  it("is the whole document's text when another module's edit makes one of a module's paths shared, and again when it no longer is", async () => {
    const base = await freshDir("openapi-pieces-runs");
    const catalogue = join(base, "catalogue");
    const out = join(base, "out");
    process.env.CATALOGEN_CACHE_DIR = join(base, "cache");
    const paths = ["/gamma/a", "/gamma/b", "/gamma/c", "/gamma/d"];
    const gamma = {
      module: { id: "gamma", title: "Gamma", area: "Third" },
      operations: paths.flatMap((path, i) => [
        { id: `getGamma${i}`, method: "GET", path, summary: `Read ${i}` },
        ...(i === 2 ? [{ id: `putGamma${i}`, method: "PUT", path, summary: `Write ${i}` }] : []),
      ]),
    };
    const delta = (shared: string | undefined) => ({
      module: { id: "delta", title: "Delta", area: "Fourth" },
      operations: [{ id: "getDelta", method: "GET", path: "/delta", summary: "Delta" }, ...(shared ? [{ id: "postShared", method: "POST", path: shared, summary: "Shared by delta" }] : [])],
    });
    // gamma's items at first one run; then /gamma/b shared with delta (two runs and an item between), /gamma/c instead, then none.
    for (const shared of [undefined, "/gamma/b", "/gamma/c", undefined]) {
      await writeCatalogue(catalogue, [...modules(["uploads"]), gamma, delta(shared)]);
      process.env.CATALOGEN_CACHE_DIR = join(base, "cache");
      await generate({ catalogue, out });
      const cold = join(base, "cold");
      await rm(cold, { recursive: true, force: true });
      process.env.CATALOGEN_CACHE_DIR = "off";
      await generate({ catalogue, out: cold });
      expect(await readFile(join(out, "openapi.json"), "utf8"), String(shared)).toBe(await readFile(join(cold, "openapi.json"), "utf8"));
    }
  }, 30_000);
});

describe("openapi.json's kept layout", () => {
  it("copies only what it describes: a layout of another file, or one cut short, makes every piece again, with the same text", async () => {
    const base = await freshDir("openapi-pieces-layout");
    const catalogue = join(base, "catalogue");
    const out = join(base, "out");
    const layoutFile = join(base, "cache", "openapi-pieces", "layout.json");
    const files = [...modules(["uploads"]), { module: { id: "gamma", title: "Gamma", area: "Third" }, operations: [{ id: "getGamma", method: "GET", path: "/gamma", summary: "Gamma" }] }];
    const beta = files[1]!.operations as { summary: string }[];
    const expectCold = async (what: string) => {
      const cold = join(base, "cold");
      await rm(cold, { recursive: true, force: true });
      process.env.CATALOGEN_CACHE_DIR = "off";
      await generate({ catalogue, out: cold });
      expect(await readFile(join(out, "openapi.json"), "utf8"), what).toBe(await readFile(join(cold, "openapi.json"), "utf8"));
    };
    const edit = async (summary: string) => {
      beta[1]!.summary = summary;
      await writeCatalogue(catalogue, files);
      process.env.CATALOGEN_CACHE_DIR = join(base, "cache");
      return (await generate({ catalogue, out })).report.piecesMade;
    };
    expect(await edit("One"), "cold").toBe(3);
    const first = await readFile(layoutFile);
    // beta's, and alpha's for the path item the two share (/shared/{id}); gamma's copied from the file.
    expect(await edit("One, edited"), "one edit").toBe(2);
    await expectCold("one edit");
    expect(await readdir(join(base, "cache", "openapi-pieces"))).toEqual(["layout.json"]);
    // The first run's layout, which describes a file no longer there.
    await writeFile(layoutFile, first);
    expect(await edit("One, edited again"), "a layout of another file").toBe(3);
    await expectCold("a layout of another file");
    const kept = await readFile(layoutFile);
    await writeFile(layoutFile, kept.subarray(0, kept.length - 7));
    expect(await edit("One, edited a third time"), "a layout cut short").toBe(3);
    await expectCold("a layout cut short");
  });
});
