// What a kept output was made by: the loader's code and catalogen's own code, as hashes. Part of
// every memo's key (./memo.ts), so a new build never reads what an older one kept.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { codeFileHashes } from "../shared/hash.js";

// A process-wide memo of a constant (the loader's code does not change under a running process); no run's data.
let loaderHash: string | undefined;

/** Hash of what turns text into data: the loader's code (its fast path too), its structure check and the yaml package's version. */
export function loader(): string {
  if (loaderHash === undefined) {
    const hash = createHash("sha256");
    // load.js beside this file once built; load.ts when run from source.
    const here = fileURLToPath(import.meta.url);
    for (const file of ["load", "parse-file", "fast-yaml", "fast-yaml-scan"]) hash.update(readFileSync(join(dirname(here), `../load/${file}${extname(here)}`)));
    hash.update(readFileSync(join(dirname(here), `../shared/yaml-structure${extname(here)}`)));
    hash.update(String((createRequire(import.meta.url)("yaml/package.json") as { version: string }).version));
    loaderHash = hash.digest("hex");
  }
  return loaderHash;
}

/** Hash of catalogen's own code (every file of src/ or dist/, with its path) and the loader's. */
export function generatorCode(): string {
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  // Asked by every cache record a run reads (the kept model, each target's facts, openapi's pieces):
  // worked out again only when the files' hashes were (codeFileHashes gives the same list until then).
  const hashes = codeFileHashes(root);
  if (madeCode?.hashes !== hashes) {
    const hash = createHash("sha256");
    for (const [path, sha] of hashes) hash.update(`${relative(root, path)}\n${sha}\n`);
    madeCode = { hashes, code: hash.update(loader()).digest("hex") };
  }
  return madeCode.code;
}

// A process-wide memo of the code hash, made again whenever the code files' hashes are others; no run's data.
let madeCode: { hashes: readonly (readonly [string, string])[]; code: string } | undefined;

