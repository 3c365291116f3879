import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "templates/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Removes each test file's temporary folders (test/helpers/temp.ts) when the file has finished.
    setupFiles: ["test/helpers/cleanup.ts"],
    // vitest's default is one file at a time on 2 cores (cores - 1), yet much of a file's time is
    // spent waiting on a child process (tsc, a server, redis-server, the CLI): two files at once.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});
