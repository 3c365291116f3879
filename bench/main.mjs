// Entry of `npm run bench` and `npm run bench:peers`: builds catalogen (the CLI runs dist/),
// bundles one TypeScript harness with esbuild into .tmp/bench/, and runs it with the given flags.
//   node bench/main.mjs <run|peers|server|profile|catalogues|prettier-cost> [flags]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const HARNESSES = {
  run: "bench/run.ts",
  peers: "bench/peers/run.ts",
  server: "bench/server/run.ts",
  profile: "bench/profile.ts",
  catalogues: "bench/make-catalogues.ts",
  "prettier-cost": "bench/prettier-cost.ts",
};

const [name, ...args] = process.argv.slice(2);
const entry = HARNESSES[name];
if (!entry) {
  console.error(`usage: node bench/main.mjs <${Object.keys(HARNESSES).join("|")}> [flags]`);
  process.exit(2);
}

execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });

if (name === "peers" || name === "server") {
  // The peers are not root dependencies: install them from bench/peers' own lockfile when needed.
  const lock = join(root, "bench/peers/package-lock.json");
  const installed = join(root, "bench/peers/node_modules/.package-lock.json");
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: join(root, "bench/peers"), stdio: "inherit" });
  }
}

const outfile = join(root, ".tmp/bench", `${name}.mjs`);
await build({
  entryPoints: [join(root, entry)],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile,
  logLevel: "warning",
});
const result = spawnSync(process.execPath, [outfile, ...args], { cwd: root, stdio: "inherit" });
process.exitCode = result.status ?? 1;
