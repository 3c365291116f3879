// Entry of `npm run bench` and `npm run bench:peers`: builds catalogen as `npm run build` does (the
// CLI runs its bundle, dist/bundle/cli.cjs, only when that is newer than dist/),
// bundles one TypeScript harness with esbuild into .tmp/bench/, and runs it with the given flags.
// `run` is followed by `server` (the generated server beside Hono and find-my-way) unless --no-server,
// and by `redis-store` (the server with the memory store and with Redis) unless --no-redis-store.
//   node bench/main.mjs <run|peers|server|profile|catalogues|prettier-cost|redis-store|typecheck-cost|bundle-cost|validators-cost|consumers|diff-cost> [flags]
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
  "redis-store": "bench/redis-store.ts",
  "typecheck-cost": "bench/typecheck-cost.ts",
  "bundle-cost": "bench/bundle-cost.ts",
  "validators-cost": "bench/validators-cost.ts",
  consumers: "bench/consumers/run.ts",
  "diff-cost": "bench/diff-cost.ts",
};

const [name, ...given] = process.argv.slice(2);
if (!HARNESSES[name]) {
  console.error(`usage: node bench/main.mjs <${Object.keys(HARNESSES).join("|")}> [flags]`);
  process.exit(2);
}
// `run` (npm run bench) is followed by the server benchmarks with their defaults, unless turned off.
const withServer = name === "run" && !given.includes("--no-server");
const withRedisStore = name === "run" && !given.includes("--no-redis-store");
const args = given.filter((flag) => flag !== "--no-server" && flag !== "--no-redis-store");

execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
execFileSync(process.execPath, [join(root, "scripts/build-validator.mjs")], { cwd: root, stdio: "inherit" });
execFileSync(process.execPath, [join(root, "scripts/build-docs-templates.mjs")], { cwd: root, stdio: "inherit" });
execFileSync(process.execPath, [join(root, "scripts/build-compact-runtime.mjs")], { cwd: root, stdio: "inherit" });
execFileSync(process.execPath, [join(root, "scripts/build-bundle.mjs")], { cwd: root, stdio: "inherit" });

let status = await runHarness(name, args);
if (status === 0 && withServer) status = await runHarness("server", []);
if (status === 0 && withRedisStore) status = await runHarness("redis-store", []);
process.exitCode = status;

async function runHarness(harness, flags) {
  if (harness === "peers" || harness === "server" || harness === "consumers") {
    // The peers are not root dependencies: install them from bench/peers' own lockfile when needed.
    const lock = join(root, "bench/peers/package-lock.json");
    const installed = join(root, "bench/peers/node_modules/.package-lock.json");
    if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
      execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: join(root, "bench/peers"), stdio: "inherit" });
    }
  }
  const outfile = join(root, ".tmp/bench", `${harness}.mjs`);
  await build({
    entryPoints: [join(root, HARNESSES[harness])],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile,
    logLevel: "warning",
  });
  const result = spawnSync(process.execPath, [outfile, ...flags], { cwd: root, stdio: "inherit" });
  return result.status ?? 1;
}
