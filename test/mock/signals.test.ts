// `catalogen mock` transpiles the generated server into a temporary folder at start-up; a Ctrl-C or
// SIGTERM that comes meanwhile must not leave it behind (the same promise as `catalogen mcp`,
// issue 42 point 8). A real spawned CLI with TMPDIR set to a folder of the test's own.
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshDir } from "../helpers/generate.js";
import { signalOnFolder, spawnCli } from "../helpers/spawned-cli.js";

describe("catalogen mock stopped by a signal leaves no temporary folder", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} while the generated server is written into its temporary folder`, async () => {
      const tmp = join(await freshDir(`mock-signal-${signal}`), "tmp");
      await mkdir(tmp);
      const mock = spawnCli(["mock", "--port", "0"], tmp);
      const watcher = signalOnFolder(tmp, "catalogen-mock-", mock, signal);
      try {
        const result = await mock.exited;
        if (result.signal === null) expect(result.code, mock.output()).toBe(0);
        else expect(result.signal).toBe(signal);
      } finally {
        watcher.close();
      }
      expect(watcher.seen(), mock.output()).toBe(true);
      expect(mock.output()).not.toMatch(/\n\s+at /);
      expect(await readdir(tmp)).toEqual([]);
    }, 180_000);
  }
});
