#!/usr/bin/env node
// Runs the compiled CLI (`npm ci` builds it through the `prepare` script); `generate` and `import`
// in a worker thread with a larger young generation (src/cli/start.ts). The CLI is loaded from its
// bundle (dist/bundle/, scripts/build-bundle.mjs: a few files instead of some 470) when that was
// built after dist/ (a `tsc` alone leaves it behind: dist/ then), else from dist/.
import { statSync } from "node:fs";

const bundled = new URL("../dist/bundle/start.js", import.meta.url);
const compiled = new URL("../dist/cli/start.js", import.meta.url);
const built = (url) => statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? -1;
const { start } = await import((built(bundled) >= built(compiled) ? bundled : compiled).href);

// `catalogen list | head` closes the pipe early: that is not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await start(process.argv.slice(2));
