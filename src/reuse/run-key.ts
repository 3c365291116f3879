// The whole run as one unit: its content key. A generate whose key is the one its output's
// manifest records, with every file there unaltered, has nothing to do. The key is made of plain
// values the pipeline works out once (the settings below), the catalogue's files hashed by their
// stats (./catalogue-stats.ts), and the files its source reads beyond them (a living source's
// OpenAPI document and the files its $refs name).
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { listCatalogueFiles } from "../load/files.js";
import { codeFileHashes, sha256, under } from "../shared/hash.js";
import { CatalogueStats } from "./catalogue-stats.js";

/** What the output depends on besides the catalogue and catalogen's own code, as plain values. */
export interface RunSettings {
  /** Each chosen target's name and options. */
  targets: [name: string, options: unknown][];
  /** The catalogue as the generated files' header names it. */
  label: string;
  format: "prettier" | "final";
  importExtension: string;
  moduleFormat?: "commonjs";
  openapi?: "3.2";
  /** With `format: "prettier"`: prettier's version and the config it finds for the output folder. */
  prettier?: string;
  /** Each plugin target's name and the hash of its code. */
  plugins: [name: string, hash: string][];
}

/** The catalogue's files hashed by their stats, for the run key and the loader's memo. */
export interface CatalogueHashes {
  /** Each file's name and SHA-256, in the catalogue's order. */
  files: [name: string, sha256: string][];
  /** Whether a file names a living source (a top-level `source:` key). */
  living: boolean;
  /** The stats the files were hashed by (the load records, ./records.ts `LoadCache`, are found by them). */
  stats: CatalogueStats;
}

/** The catalogue in `dir` hashed; undefined when the folder or a link cannot be read (the loader then says why). */
export function hashCatalogue(dir: string, namesLivingSource: (bytes: Buffer) => boolean): CatalogueHashes | undefined {
  let names: string[];
  try {
    names = listCatalogueFiles(dir);
  } catch {
    return undefined;
  }
  const stats = CatalogueStats.open(dir);
  let living = false;
  const files = names.map((name): [string, string] => {
    const file = stats.hash(name, namesLivingSource);
    living ||= file.living;
    return [name, file.sha256];
  });
  stats.save();
  return { files, living, stats };
}

export interface RunKey {
  /** Everything the output depends on. */
  input: string;
  /** The same without the catalogue: what every module's files depend on. */
  generator: string;
}

const codeRoot = dirname(dirname(fileURLToPath(import.meta.url))); // src/ or dist/
const packageRoot = dirname(codeRoot);

/** The run's key from its settings, the catalogue in `dir` as hashed and the files its source read beyond it (absolute paths, hashed). */
export function runKey(settings: RunSettings, dir: string, catalogue: CatalogueHashes, sourceFiles: readonly (readonly [path: string, sha256: string])[]): RunKey {
  const { prettier, plugins, ...options } = settings;
  const parts: string[] = [JSON.stringify(options)];
  if (prettier !== undefined) parts.push(prettier);
  for (const [path, hash] of [...codeFileHashes(codeRoot, true), ...codeFileHashes(join(packageRoot, "templates"), true)]) parts.push(under(packageRoot, path), hash);
  for (const [name, hash] of plugins) parts.push(`plugin ${name}`, hash);
  const generator = sha256(parts.join("\n"));
  for (const [name, hash] of catalogue.files) parts.push(relative(packageRoot, join(dir, name)), hash);
  for (const [path, hash] of sourceFiles) parts.push(relative(packageRoot, path), hash);
  return { input: sha256(parts.join("\n")), generator };
}
