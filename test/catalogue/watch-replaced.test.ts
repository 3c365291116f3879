// Issue 20: `generate --watch` keeps working when its catalogue folder is replaced (renamed away
// and another moved in, as git checkout, editors and sync tools do) or deleted and made again:
// it says so, watches the new folder and generates from it. The real CLI process, real files.
import { cp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshDir, repoRoot } from "../helpers/generate.js";
import { startWatch } from "./support.js";

describe("generate --watch when the catalogue folder is replaced or deleted", () => {
  it("re-attaches, regenerates and says so", async () => {
    const dir = await freshDir("watch-replaced");
    await writeFile(join(dir, "package.json"), '{ "name": "watched" }\n');
    await main(["init"], { out: () => {}, err: () => {}, cwd: dir });
    const catalogue = join(dir, "catalogue");
    const original = await readFile(join(catalogue, "notes.yaml"), "utf8");
    const openapi = join(dir, "generated/openapi.json");
    const summary = async () => JSON.parse(await readFile(openapi, "utf8")).paths["/api/v1/notes/{noteId}"].get.summary as string;
    /** A copy of the catalogue at `to` whose note summary is `text`. */
    const copyWith = async (to: string, text: string) => {
      await cp(join(dir, "pristine"), to, { recursive: true });
      await writeFile(join(to, "notes.yaml"), original.replace("summary: Get one note", `summary: ${text}`));
    };
    await cp(catalogue, join(dir, "pristine"), { recursive: true });

    const watcher = startWatch(dir, ["--target", "openapi"]);
    const { waitFor } = watcher;
    const generated = /catalogen: generated: \d+ written, \d+ unchanged, \d+ removed/;
    try {
      await waitFor(/watching catalogue and package\.json; Ctrl-C stops/);
      await waitFor(generated);
      expect(await summary()).toBe("Get one note");

      // Replaced: another folder moved in where the watched one was.
      await copyWith(join(dir, "catalogue.next"), "Get a note");
      await rename(catalogue, join(dir, "catalogue.old"));
      await rename(join(dir, "catalogue.next"), catalogue);
      await waitFor(/catalogen: catalogue was replaced; watching it again/);
      await waitFor(generated, 2);
      expect(await summary()).toBe("Get a note");
      await waitFor(/watching catalogue and package\.json; Ctrl-C stops/, 2);

      // The new folder is the one watched: an edit in it regenerates; one in the old folder does not.
      await writeFile(join(dir, "catalogue.old/notes.yaml"), original.replace("summary: Get one note", "summary: Stale"));
      await writeFile(join(catalogue, "notes.yaml"), original.replace("summary: Get one note", "summary: Get the note"));
      await waitFor(generated, 3);
      expect(await summary()).toBe("Get the note");

      // Deleted, then made again.
      await rm(catalogue, { recursive: true });
      await waitFor(/catalogen: catalogue is gone; waiting for it to come back/);
      await copyWith(catalogue, "Get this note");
      await waitFor(/catalogen: catalogue is back; watching it again/);
      await waitFor(/watching catalogue and package\.json; Ctrl-C stops/, 3);
      const deadline = Date.now() + 20_000;
      while ((await summary()) !== "Get this note" && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
      expect(await summary()).toBe("Get this note");
      expect(watcher.out()).not.toContain("Stale");
    } finally {
      expect(await watcher.stop()).toBe(0);
    }
    expect(watcher.err()).not.toMatch(/^\s+at /m);
    // docs/import-safety.md shows these messages: each is one the watcher printed.
    const page = await readFile(join(repoRoot, "docs/import-safety.md"), "utf8");
    const block = /run-by=test\/catalogue\/watch-replaced\.test\.ts -->\n```console\n\$ catalogen generate --watch\n([^`]*)```/.exec(page)!;
    for (const line of block[1]!.trim().split("\n")) expect(watcher.out()).toContain(`${line}\n`);
  }, 60_000);
});
