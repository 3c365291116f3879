// Issue 20: `generate --watch` keeps working when its catalogue folder is replaced (renamed away
// and another moved in, as git checkout, editors and sync tools do) or deleted and made again:
// it says so, watches the new folder and generates from it. The real CLI process, real files.
import { spawn } from "node:child_process";
import { cp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshDir, repoRoot } from "../helpers/generate.js";

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

    const child = spawn(process.execPath, [join(repoRoot, "bin/catalogen.js"), "generate", "--watch", "--target", "openapi"], { cwd: dir });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));
    const waitFor = async (pattern: RegExp, count = 1) => {
      const deadline = Date.now() + 20_000;
      while ((out.match(new RegExp(pattern, "g")) ?? []).length < count) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}\nstdout:\n${out}\nstderr:\n${err}`);
        await new Promise((wait) => setTimeout(wait, 50));
      }
    };
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
      expect(out).not.toContain("Stale");
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    expect(err).not.toMatch(/^\s+at /m);
    // docs/import-safety.md shows these messages: each is one the watcher printed.
    const page = await readFile(join(repoRoot, "docs/import-safety.md"), "utf8");
    const block = /run-by=test\/catalogue\/watch-replaced\.test\.ts -->\n```console\n\$ catalogen generate --watch\n([^`]*)```/.exec(page)!;
    for (const line of block[1]!.trim().split("\n")) expect(out).toContain(`${line}\n`);
  }, 60_000);
});
