// `catalogen diff --since REV` without a cache folder lays the catalogue of the revision out in a
// temporary folder; a Ctrl-C or SIGTERM that comes meanwhile must not leave it behind (as
// `catalogen mock` and `catalogen mcp` promise). A real spawned CLI with TMPDIR set to a folder of
// the test's own, reading this repository's catalogue at HEAD.
import { watch } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { signalOnFolder, spawnCli } from "../helpers/spawned-cli.js";

const startDiff = (tmp: string) => spawnCli(["diff", "--since", "HEAD"], tmp, { CATALOGEN_CACHE_DIR: "off" });

async function emptyTmp(name: string): Promise<string> {
  const tmp = join(await freshDir(name), "tmp");
  await mkdir(tmp);
  return tmp;
}

describe("catalogen diff stopped by a signal leaves no temporary folder", () => {
  it("without a signal, the revision's folder is made and removed", async () => {
    const tmp = await emptyTmp("diff-signal-none");
    let seen = false;
    const watcher = watch(tmp, (_event, name) => (seen ||= name?.startsWith("catalogen-diff-") === true));
    const diff = startDiff(tmp);
    try {
      expect((await diff.exited).code, diff.output()).toBe(0);
    } finally {
      watcher.close();
    }
    expect(seen).toBe(true);
    expect(await readdir(tmp)).toEqual([]);
  }, 180_000);

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} while the revision's catalogue is in its temporary folder`, async () => {
      const tmp = await emptyTmp(`diff-signal-${signal}`);
      const diff = startDiff(tmp);
      const watcher = signalOnFolder(tmp, "catalogen-diff-", diff, signal);
      const result = await diff.exited.finally(() => watcher.close());
      expect(watcher.seen(), diff.output()).toBe(true);
      // Ended by the signal, as without a handler: the diff was stopped mid-run, not finished.
      expect(result.signal, diff.output()).toBe(signal);
      expect(diff.output()).not.toMatch(/\n\s+at /);
      expect(await readdir(tmp)).toEqual([]);
    }, 180_000);
  }
});
