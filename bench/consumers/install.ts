// What `npm i -D catalogen` adds to an empty project (the packed tarball of this build), beside
// openapi-typescript (a dev dependency) with openapi-fetch (a dependency) at bench/peers' versions:
// packages (node_modules/.package-lock.json's entries) and bytes of their files (links not
// followed), and whether npm warns about an install script. npm reads its cache first
// (--prefer-offline); the figures do not depend on the machine's load.
import { execFileSync, spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface InstallRow {
  what: string;
  packages: number;
  bytes: number;
  /** The largest packages, with their bytes. */
  largest: string;
  installScriptWarning: boolean;
}

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += lstatSync(path).size;
  }
  return total;
}

function install(dir: string, what: string, groups: string[][]): InstallRow {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }));
  let warnings = "";
  for (const [flag, ...specs] of groups) {
    // npm prints its install-script warning on stderr.
    const result = spawnSync("npm", ["install", flag!, ...specs, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`npm install ${specs.join(" ")} failed: ${result.stderr}`);
    warnings += result.stderr;
  }
  const lock = JSON.parse(readFileSync(join(dir, "node_modules/.package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
  const packages = Object.keys(lock.packages).filter((path) => path !== "");
  const sizes = packages.map((path) => [path.replace(/^.*node_modules\//, ""), bytesUnder(join(dir, path))] as const).sort((a, b) => b[1] - a[1]);
  return {
    what,
    packages: packages.length,
    bytes: bytesUnder(join(dir, "node_modules")),
    largest: sizes.slice(0, 4).map(([name, bytes]) => `${name} ${(bytes / 2 ** 20).toFixed(1)}`).join(", "),
    installScriptWarning: /install-scripts/.test(warnings),
  };
}

function version(peersDir: string, name: string): string {
  return (JSON.parse(readFileSync(join(peersDir, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

/** Packs `root` (its dist/ as built) and installs it, then the peers, each into an empty folder under `work`. */
export function installRows(root: string, peersDir: string, work: string): InstallRow[] {
  mkdirSync(work, { recursive: true });
  const [pack] = JSON.parse(execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 })) as { filename: string }[];
  const ot = `openapi-typescript@${version(peersDir, "openapi-typescript")}`;
  const fetch = `openapi-fetch@${version(peersDir, "openapi-fetch")}`;
  return [
    install(join(work, "catalogen"), "npm i -D catalogen", [["-D", join(work, pack!.filename)]]),
    install(join(work, "openapi-typescript"), `npm i -D ${ot} && npm i ${fetch}`, [["-D", ot], ["-S", fetch]]),
  ];
}
