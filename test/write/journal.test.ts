// Issue 42, point 6: output whole or recoverably whole. A real `node bin/catalogen.js generate`
// is killed with SIGKILL during its rename phase (the moment its commit journal appears); the
// folder then holds a mix of old and new files, `--check` says so, and the next generate finishes
// the commit from the journal: whole output, byte for byte what a clean run makes. Run `npm run
// build` first.
import { watch } from "node:fs";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { isLeftover, oneLineDiagnostic, runCli, startCli, tree, wideCatalogue } from "./cli-process.js";

const JOURNAL = ".catalogen-journal.json";
const TARGETS = ["--target", "docs,openapi"];
const MODULES = 300;

async function setUp(name: string) {
  const root = await freshDir(name);
  const out = join(root, "out");
  const generate = (catalogue: string, ...extra: string[]) => runCli(["generate", "--catalogue", catalogue, "--out", out, ...TARGETS, ...extra], root);
  return { root, out, generate };
}

/** Runs a generate of `catalogue` into `out` and kills it with SIGKILL as soon as its journal appears. */
async function killAtJournal(root: string, out: string, catalogue: string) {
  const { child, done } = startCli(["generate", "--catalogue", catalogue, "--out", out, ...TARGETS], root);
  const watcher = watch(out, (_event, name) => {
    if (name === JOURNAL) child.kill("SIGKILL");
  });
  try {
    return await done;
  } finally {
    watcher.close();
  }
}

const docsOf = (files: Map<string, string>, tag: string) => [...files].filter(([path, text]) => path.startsWith("docs/m") && text.includes(`(${tag})`)).length;

describe("a generate killed with SIGKILL while it puts files in place", () => {
  it("leaves a journal: --check fails naming it, the next run finishes the commit to the byte", async () => {
    const ws = await setUp("journal-kill");
    const first = await wideCatalogue(join(ws.root, "first"), MODULES, "first");
    // The second adds a module and drops the last one: the commit renames, writes anew and removes.
    const second = await wideCatalogue(join(ws.root, "second"), MODULES - 1, "second", ["a_new"]);
    const clean = join(ws.root, "clean");
    expect((await runCli(["generate", "--catalogue", second, "--out", clean, ...TARGETS], ws.root)).code).toBe(0);
    const whole = await tree(clean);

    // Killed while old files are still in place and new ones already are: some renames done, some not.
    let mixed: Map<string, string> | undefined;
    let cut: string | undefined;
    for (let attempt = 0; attempt < 6 && mixed === undefined; attempt++) {
      expect((await ws.generate(first)).code).toBe(0);
      const killed = await killAtJournal(ws.root, ws.out, second);
      if (killed.signal !== "SIGKILL") continue; // the run ended before the kill landed: again
      const files = await tree(ws.out);
      expect(files.has(JOURNAL)).toBe(true);
      const { renames } = JSON.parse(files.get(JOURNAL)!) as { renames: [string, string][] };
      const pending = renames.filter(([temporary]) => files.has(temporary) && temporary.startsWith("docs/m"));
      if (pending.length > 0 && pending.length < renames.length - 1) [mixed, cut] = [files, pending[0]![0]];
    }
    expect(mixed, "no kill landed while old files were still in place").toBeDefined();
    expect(docsOf(mixed!, "first")).toBeGreaterThan(1);
    expect(docsOf(mixed!, "second")).toBeGreaterThan(0);

    const checked = await ws.generate(second, "--check");
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(`unfinished: out/${JOURNAL}`);

    // One staged file cut short, as a machine crash without fsync may leave it: not put in place.
    await writeFile(join(ws.out, cut!), "# cut short");

    const next = await ws.generate(second);
    expect(next.stderr).toBe("");
    expect(next.code).toBe(0);
    const lines = next.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^catalogen: out: finished the commit a killed run left half done \(\d+ put in place, 1 removed\)$/);
    // The commit was finished from the journal, not made again: only the file cut short is written after it.
    expect(lines[1]).toMatch(/^catalogen: out: 1 written, \d+ unchanged, 0 removed/);
    const after = await tree(ws.out);
    expect([...after.keys()].filter(isLeftover)).toEqual([]);
    expect(after.has(JOURNAL)).toBe(false);
    expect(after).toEqual(whole);
    expect((await ws.generate(second, "--check")).code).toBe(0);
  });

  it("refuses a journal that names a file the manifest does not list, quoting none of it, touching nothing", async () => {
    const ws = await setUp("journal-tampered");
    const first = await wideCatalogue(join(ws.root, "first"), 2, "first");
    expect((await ws.generate(first)).code).toBe(0);
    await writeFile(join(ws.out, "mine.txt"), "the user's own file\n");
    await writeFile(join(ws.out, "mine.txt.catalogen-0123456789abcdef.tmp"), "SECRET-STAGED\n");
    await writeFile(join(ws.out, JOURNAL), JSON.stringify({ generator: "catalogen", journal: 1, renames: [["mine.txt.catalogen-0123456789abcdef.tmp", "mine.txt"]], remove: [] }));
    const before = await tree(ws.out);
    const run = await ws.generate(first);
    expect(run.code).toBe(1);
    const line = oneLineDiagnostic(run);
    expect(line).toContain(`${JOURNAL} names a file the manifest does not list`);
    expect(line).not.toContain("SECRET");
    expect(await tree(ws.out)).toEqual(before);
  });

  it("refuses a journal that is a symbolic link, without reading through it", async () => {
    const ws = await setUp("journal-link");
    const first = await wideCatalogue(join(ws.root, "first"), 2, "first");
    expect((await ws.generate(first)).code).toBe(0);
    await mkdir(join(ws.root, "outside"));
    await writeFile(join(ws.root, "outside/secret.json"), '{"generator":"catalogen","journal":1,"renames":[],"remove":[],"SECRET":1}');
    await symlink(join(ws.root, "outside/secret.json"), join(ws.out, JOURNAL));
    const run = await ws.generate(first);
    expect(run.code).toBe(1);
    const line = oneLineDiagnostic(run);
    expect(line).toContain(`${JOURNAL} is a symbolic link`);
    expect(line).not.toContain("SECRET");
    expect(await readFile(join(ws.out, "docs/m000.md"), "utf8")).toContain("(first)");
  });
});
