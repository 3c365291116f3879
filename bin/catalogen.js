#!/usr/bin/env node
// Runs the compiled CLI (src/cli/start.ts). The CLI is loaded from its bundle (dist/bundle/cli.cjs,
// scripts/build-bundle.mjs: one file, see src/cli/load-bundle.ts) when that was
// built after dist/ (a `tsc` alone leaves it behind: dist/ then), else from dist/.
// The published package ships dist/ (built by `prepack`) and has no install script. A checkout of
// the repository has src/ and no dist/ until its first run, which builds it (`npm run build`).
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bundled = new URL("../dist/bundle/cli.cjs", import.meta.url);
const compiled = new URL("../dist/cli/start.js", import.meta.url);
const built = (url) => statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? -1;

if (built(compiled) < 0 && existsSync(new URL("../src/cli/start.ts", import.meta.url))) {
  process.stderr.write("catalogen: building dist/ (the first run in this checkout)\n");
  // The build's output goes to stderr: stdout stays the command's own.
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: fileURLToPath(new URL("..", import.meta.url)), stdio: ["ignore", 2, 2], shell: process.platform === "win32" });
  if (build.status !== 0) {
    process.stderr.write(`catalogen: the build failed${build.error ? ` (${build.error.message})` : ""}; run \`npm run build\` to see why\n`);
    process.exit(1);
  }
}

// `catalogen list | head` closes the pipe early: that is not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

const argv = process.argv.slice(2);
process.exitCode =
  built(bundled) >= built(compiled)
    ? await (await import("../dist/cli/load-bundle.js")).runCli(fileURLToPath(bundled), argv)
    : await (await import(compiled.href)).start(argv);
