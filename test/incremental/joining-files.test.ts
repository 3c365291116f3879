// The files joining the modules (client.ts, index.ts, validate.ts, the runtime files copied in;
// server/handlers.ts, routes.ts, index.ts, mock.ts; docs/README.md) are kept without being made
// while what they are made from is unchanged: the model but its modules' operations and each
// target's facts of every module (src/reuse/module-facts.ts `joinedFrom`). A summary edit makes none
// of them; an edit of a module's title or of what the facts say makes them again, and every run's
// output is byte for byte a cold run's, manifest included.
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/pipeline.js";
import { freshDir, repoCatalogue } from "../helpers/generate.js";
import { filesOf, restoreCacheDirAfterEach } from "../helpers/output-tree.js";

restoreCacheDirAfterEach();

const JOINING = ["client/client.ts", "client/index.ts", "client/validate.ts", "client/types.ts", "client/runtime/transport.ts", "server/handlers.ts", "server/routes.ts", "server/index.ts", "server/mock.ts", "server/validate.ts", "docs/README.md"];

async function edit(dir: string, file: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(join(dir, file), "utf8");
  const changed = change(text);
  expect(changed, file).not.toBe(text);
  await writeFile(join(dir, file), changed);
}

describe("files joining the modules", () => {
  let base: string;
  let catalogue: string;
  let out: string;
  let cache: string;

  beforeAll(async () => {
    base = await freshDir("joining-files");
    catalogue = join(base, "catalogue");
    out = join(base, "out");
    cache = join(base, "cache");
    await cp(repoCatalogue, catalogue, { recursive: true });
    process.env.CATALOGEN_CACHE_DIR = cache;
    expect((await generate({ catalogue, out })).report.joining.made).toEqual(expect.arrayContaining(JOINING));
  });

  /** The change run's joining files, kept and made (the cold run after it has its own). */
  let joining = { kept: [] as string[], made: [] as string[] };

  async function run(what: string): Promise<Map<string, string>> {
    process.env.CATALOGEN_CACHE_DIR = cache;
    const result = await generate({ catalogue, out });
    expect(result.upToDate, what).toBe(false);
    joining = result.report.joining;
    const cold = join(base, `cold-${what.replaceAll(" ", "-")}`);
    process.env.CATALOGEN_CACHE_DIR = "off";
    await generate({ catalogue, out: cold });
    const files = await filesOf(out);
    expect(files, what).toEqual(await filesOf(cold));
    return files;
  }

  it("keeps every one of them unmade after a summary edit", async () => {
    await edit(catalogue, "items.yaml", (text) => text.replace(/^(\s*summary: .*)$/m, "$1 (edited)"));
    await run("a summary");
    expect(joining.made).toEqual([]);
    expect(joining.kept).toEqual(expect.arrayContaining(JOINING));
  });

  it("makes them again after a module's title changed, which client.ts, handlers.ts and the README show", async () => {
    const before = await filesOf(out);
    await edit(catalogue, "general.yaml", (text) => text.replace(/^ {2}title: General$/m, "  title: General things"));
    const after = await run("a title");
    expect(joining.made).toEqual(expect.arrayContaining(JOINING));
    for (const path of ["client/client.ts", "server/handlers.ts", "docs/README.md"]) {
      expect(after.get(path), path).not.toBe(before.get(path));
      expect(after.get(path), path).toContain("General things");
    }
  });

  it("makes them again after an edit that changes a module's facts (an operation's documented error: index.ts exports its type)", async () => {
    const before = await filesOf(out);
    await edit(catalogue, "general.yaml", (text) => text.replace(/^(\s*path: \/ping\n\s*summary: Connection check)$/m, `$1\n    responses:\n      "200":\n        description: Connected.\n      "404":\n        description: Not found.`));
    const after = await run("an error response");
    expect(joining.made).toContain("client/index.ts");
    expect(before.get("client/index.ts")).not.toContain("CheckConnectionErrors");
    expect(after.get("client/index.ts")).toContain("CheckConnectionErrors");
  });

  it("writes again a joining file edited by hand, though what it is made from is unchanged", async () => {
    const before = await filesOf(out);
    await writeFile(join(out, "client/client.ts"), "// edited by hand\n");
    await edit(catalogue, "items.yaml", (text) => text.replace(/^(\s*summary: .*)$/m, "$1 (again)"));
    const after = await run("a hand edit");
    expect(after.get("client/client.ts")).toBe(before.get("client/client.ts"));
    expect(joining.made).toEqual(["client/client.ts"]);
  });
});
