// Issue 13, item 7: runs killed with SIGKILL while writing, and runs at the same time on one
// folder. Real `node bin/catalogen.js generate` processes (run `npm run build` first).
import { spawn } from "node:child_process";
import { watch } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockFolder } from "../../src/write/lock.js";
import { freshDir } from "../helpers/generate.js";
import { isLeftover, oneLineDiagnostic, runCli, startCli, tree, wideCatalogue, type Run } from "./cli-process.js";

const MODULES = 80;
const TARGETS = ["--target", "docs,openapi"];

async function setUp(name: string) {
  const root = await freshDir(name);
  const out = join(root, "out");
  const generate = (catalogue: string, ...extra: string[]) => runCli(["generate", "--catalogue", catalogue, "--out", out, ...TARGETS, ...extra], root);
  return { root, out, generate };
}

/**
 * Starts a generate and kills it with SIGKILL at the first change in `watched` (a folder inside
 * the output) whose name passes `when`.
 */
async function killWhen(root: string, out: string, catalogue: string, watched: string, when: (name: string) => boolean): Promise<Run> {
  const { child, done } = startCli(["generate", "--catalogue", catalogue, "--out", out, ...TARGETS], root);
  const watcher = watch(join(out, watched), (_event, name) => {
    if (name && when(name)) child.kill("SIGKILL");
  });
  try {
    return await done;
  } finally {
    watcher.close();
  }
}

describe("a generate killed while writing", () => {
  it("leaves staging files that the next run removes (and that --check reports until then)", async () => {
    const ws = await setUp("killed-staging");
    const first = await wideCatalogue(join(ws.root, "first"), MODULES, "first");
    const second = await wideCatalogue(join(ws.root, "second"), MODULES, "second");
    expect((await ws.generate(first)).code).toBe(0);
    let leftovers: string[] = [];
    for (let attempt = 0; attempt < 5 && leftovers.length === 0; attempt++) {
      const killed = await killWhen(ws.root, ws.out, second, "docs", (name) => name.includes(".catalogen-"));
      expect(killed.signal).toBe("SIGKILL");
      leftovers = [...(await tree(ws.out)).keys()].filter((path) => path.endsWith(".tmp"));
    }
    expect(leftovers.length).toBeGreaterThan(0);

    const checked = await ws.generate(second, "--check");
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(`extra:   out/${leftovers[0]}`);

    expect((await ws.generate(second)).code).toBe(0);
    const after = await tree(ws.out);
    expect([...after.keys()].filter(isLeftover)).toEqual([]);
    expect((await ws.generate(second, "--check")).code).toBe(0);
  });

  it("never leaves files that make the next run refuse, even when killed halfway through renaming", async () => {
    const ws = await setUp("killed-renaming");
    const first = await wideCatalogue(join(ws.root, "first"), MODULES, "first");
    // The second catalogue adds a module whose files sort first, so the kill lands early among the renames.
    const second = await wideCatalogue(join(ws.root, "second"), MODULES, "second", ["a_new"]);
    const third = await wideCatalogue(join(ws.root, "third"), MODULES, "third", ["a_new"]);
    expect((await ws.generate(first)).code).toBe(0);
    const killed = await killWhen(ws.root, ws.out, second, "docs", (name) => name === "a_new.md");
    expect(killed.signal).toBe("SIGKILL");
    expect(await readFile(join(ws.out, "docs/a_new.md"), "utf8")).toContain("(second)");

    const next = await ws.generate(third);
    expect(next.stderr).toBe("");
    expect(next.code).toBe(0);
    expect([...(await tree(ws.out)).keys()].filter(isLeftover)).toEqual([]);
    expect((await ws.generate(third, "--check")).code).toBe(0);
  });

  it("adopts files that match byte for byte what it would write when the manifest is gone", async () => {
    const ws = await setUp("adopt");
    const first = await wideCatalogue(join(ws.root, "first"), 3, "first");
    expect((await ws.generate(first)).code).toBe(0);
    const manifest = await readFile(join(ws.out, ".catalogen-manifest.json"), "utf8");
    await rm(join(ws.out, ".catalogen-manifest.json"));
    const again = await ws.generate(first);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/0 written/);
    expect(await readFile(join(ws.out, ".catalogen-manifest.json"), "utf8")).toBe(manifest);
  });
});

describe("runs at the same time on one folder", () => {
  it("two concurrent generates: each succeeds or waits and fails with a clear message, and the tree is one of them", async () => {
    const ws = await setUp("concurrent");
    const a = await wideCatalogue(join(ws.root, "a"), MODULES, "catalogue A");
    expect((await ws.generate(a)).code).toBe(0); // the folder exists, so both runs meet at its lock
    // Each adds a module of its own: files a run did not know about would stay behind.
    const b = await wideCatalogue(join(ws.root, "b"), MODULES, "catalogue B", ["b_only"]);
    const c = await wideCatalogue(join(ws.root, "c"), MODULES, "catalogue C", ["c_only"]);
    const runs = await Promise.all([ws.generate(b), ws.generate(c)]);
    for (const result of runs) {
      if (result.code !== 0) {
        expect(result.code).toBe(1);
        expect(oneLineDiagnostic(result)).toMatch(/another catalogen run \(pid \d+\) is writing to/);
      }
    }
    expect(runs.some((result) => result.code === 0)).toBe(true);
    const checks = await Promise.all([b, c].map(async (catalogue) => (await ws.generate(catalogue, "--check")).code));
    expect(checks.filter((code) => code === 0)).toHaveLength(1);
    expect(runs[checks.indexOf(0)]!.code).toBe(0);
    // Exactly the tree the winner generates on its own, nothing more.
    const alone = join(ws.root, "alone");
    expect((await runCli(["generate", "--catalogue", [b, c][checks.indexOf(0)]!, "--out", alone, ...TARGETS], ws.root)).code).toBe(0);
    expect(await tree(ws.out)).toEqual(await tree(alone));
  });

  it("a run waits for a live lock and goes ahead once it is released", async () => {
    const ws = await setUp("lock-wait");
    const a = await wideCatalogue(join(ws.root, "a"), 2, "a");
    expect((await ws.generate(a)).code).toBe(0);
    const b = await wideCatalogue(join(ws.root, "b"), 2, "b");
    const lock = await lockFolder(ws.out);
    let exited = false;
    const waiting = ws.generate(b).finally(() => (exited = true));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(exited).toBe(false);
    expect(await readFile(join(ws.out, "docs/m000.md"), "utf8")).toContain("(a)");
    await lock.release();
    const result = await waiting;
    expect(result.code).toBe(0);
    expect(await readFile(join(ws.out, "docs/m000.md"), "utf8")).toContain("(b)");
  });

  it("a run gives up on a lock held by a live process, with one line and exit 1, changing nothing", async () => {
    const ws = await setUp("lock-busy");
    const a = await wideCatalogue(join(ws.root, "a"), 2, "a");
    expect((await ws.generate(a)).code).toBe(0);
    const before = await tree(ws.out);
    const b = await wideCatalogue(join(ws.root, "b"), 2, "b");
    const lock = await lockFolder(ws.out);
    try {
      const result = await ws.generate(b);
      expect(result.code).toBe(1);
      expect(oneLineDiagnostic(result)).toContain(`another catalogen run (pid ${process.pid}) is writing to ${ws.out}`);
      const after = await tree(ws.out);
      after.delete(".catalogen-lock");
      before.delete(".catalogen-lock");
      expect(after).toEqual(before);
    } finally {
      await lock.release();
    }
  }, 30_000);

  it("a lock left by a dead process is taken over", async () => {
    const ws = await setUp("lock-stale");
    const a = await wideCatalogue(join(ws.root, "a"), 2, "a");
    expect((await ws.generate(a)).code).toBe(0);
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    const { hostname } = await import("node:os");
    await writeFile(join(ws.out, ".catalogen-lock"), `${JSON.stringify({ pid: dead.pid, host: hostname() })}\n`);
    const b = await wideCatalogue(join(ws.root, "b"), 2, "b");
    const result = await ws.generate(b);
    expect(result.code).toBe(0);
    expect([...(await tree(ws.out)).keys()].filter(isLeftover)).toEqual([]);
  });
});
