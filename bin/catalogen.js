#!/usr/bin/env node
// Runs the compiled CLI (`npm ci` builds it through the `prepare` script); `generate` and `import`
// in a worker thread with a larger young generation (src/cli/start.ts). The CLI is loaded from its
// bundle (dist/bundle/cli.cjs, scripts/build-bundle.mjs: one file with a V8 code cache, see
// src/cli/code-cache.ts) when that was built after dist/ (a `tsc` alone leaves it behind: dist/
// then), else from dist/.
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bundled = new URL("../dist/bundle/cli.cjs", import.meta.url);
const compiled = new URL("../dist/cli/start.js", import.meta.url);
const built = (url) => statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? -1;

// `catalogen list | head` closes the pipe early: that is not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const argv = process.argv.slice(2);
process.exitCode =
  built(bundled) >= built(compiled)
    ? await (await import("../dist/cli/code-cache.js")).runCli(fileURLToPath(bundled), argv)
    : await (await import(compiled.href)).start(argv);
