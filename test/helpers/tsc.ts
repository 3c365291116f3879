// Runs the real TypeScript compilers (5.9, 6.0 and 7.0 are all installed) on generated code.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

export const TYPESCRIPT_VERSIONS = {
  "5.9": join(root, "node_modules/typescript/bin/tsc"),
  "6.0": join(root, "node_modules/typescript-6.0/bin/tsc"),
  "7.0": join(root, "node_modules/typescript-7.0/bin/tsc"),
} as const;
export type TypeScriptVersion = keyof typeof TYPESCRIPT_VERSIONS;

/** The strictest flags a consumer may use; the generated code must compile under all of them. */
export const STRICT_OPTIONS = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  skipLibCheck: false,
  noEmit: true,
  target: "ES2022",
  lib: ["ES2023", "DOM", "DOM.Iterable"],
} as const;

/**
 * What a consumer's portable setup adds (issue 10): erasable syntax only (Node's type stripping),
 * isolated declarations, `obj["key"]` for index signatures, and no DOM library: `lib: ["ES2022"]`
 * with @types/node. `declaration` only because isolatedDeclarations requires it (noEmit stays).
 */
export const PORTABLE_OPTIONS = {
  erasableSyntaxOnly: true,
  isolatedDeclarations: true,
  declaration: true,
  noPropertyAccessFromIndexSignature: true,
  lib: ["ES2022"],
} as const;

export const RESOLUTIONS = {
  nodenext: { module: "NodeNext", moduleResolution: "NodeNext" },
  bundler: { module: "ESNext", moduleResolution: "Bundler" },
} as const;
export type Resolution = keyof typeof RESOLUTIONS;

export interface TscResult {
  ok: boolean;
  output: string;
}

export interface TypecheckOptions {
  version: TypeScriptVersion;
  resolution: Resolution;
  /** @types packages to include (e.g. ["node"] for code that imports node:http). */
  types?: string[];
  /** Add PORTABLE_OPTIONS (the caller then usually wants `types: ["node"]`). */
  portable?: boolean;
  /** Replaces STRICT_OPTIONS' (and PORTABLE_OPTIONS') lib, e.g. a browser setup with DOM. */
  lib?: string[];
  /** `allowImportingTsExtensions`: for output generated with `importExtension: "ts"`. */
  tsExtensions?: boolean;
  /** Replaces the repository's node_modules/@types (e.g. a folder whose `node` is another @types/node major). */
  typeRoots?: string[];
  /** Compiler options over all of the above (e.g. `{ noUnusedLocals: false }` for doc snippets). */
  compilerOptions?: Record<string, unknown>;
}

/**
 * Type-checks `files` (absolute paths) with one compiler under the strict flags. Whether a file is
 * an ES module or CommonJS under NodeNext comes from the package.json nearest to it, as in a
 * consumer's repository.
 */
export async function typecheck(files: string[], options: TypecheckOptions): Promise<TscResult> {
  const dir = await mkdtemp(join(tmpdir(), "catalogen-tsc-"));
  const tsconfig = join(dir, "tsconfig.json");
  const compilerOptions = {
    ...STRICT_OPTIONS,
    ...RESOLUTIONS[options.resolution],
    ...(options.portable && PORTABLE_OPTIONS),
    ...(options.tsExtensions && { allowImportingTsExtensions: true }),
    ...(options.lib && { lib: options.lib }),
    types: options.types ?? [],
    typeRoots: options.typeRoots ?? [join(root, "node_modules/@types")],
    ...options.compilerOptions,
  };
  await writeFile(tsconfig, JSON.stringify({ compilerOptions, files }));
  try {
    const output = await tsc(options.version, tsconfig, compilerOptions, dir);
    return { ok: true, output };
  } catch (error) {
    return { ok: false, output: (error as Error).message };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `tsc -p tsconfig` with one compiler, resolving to its output (stdout and stderr) and rejecting
 * with it when tsc reports errors. `scratch` is a folder of the caller's that tsc may write its
 * build info into (it must be exactly one level below the system's temporary folder, as
 * mkdtemp(join(tmpdir(), ...)) makes it: the build info records paths relative to itself, and
 * at another depth its library paths would not match, so nothing would be reused).
 *
 * Why the build info: every run checks the same library declarations (lib.dom.d.ts, @types/node,
 * zod's, msw's, with skipLibCheck false), seconds each time for 5.9 and 6.0. tsc's own incremental
 * mode keeps each file's diagnostics keyed by the hash of its text and the options; a run starting
 * from the previous run's build info (same compiler, same options) re-checks every file that is
 * new or changed, and every file when a change reaches the global scope, and takes the unchanged
 * library files' diagnostics from it. Generated code is new in every run: it is always checked.
 */
export async function tsc(version: TypeScriptVersion, tsconfig: string, compilerOptions: object, scratch: string, cwd = root): Promise<string> {
  const key = createHash("sha256").update(JSON.stringify([root, version, compilerOptions])).digest("hex").slice(0, 24);
  const shared = join(CACHE, `${version}-${key}.tsbuildinfo`);
  const own = join(scratch, "tsc.tsbuildinfo");
  await copyFile(shared, own).catch(() => undefined);
  try {
    const { stdout, stderr } = await run(process.execPath, [TYPESCRIPT_VERSIONS[version], "-p", tsconfig, "--incremental", "--tsBuildInfoFile", own], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error((e.stdout ?? "") + (e.stderr ?? "") || e.message);
  } finally {
    await share(own, shared);
  }
}

/** One folder per run of the suite's machine user; a stale or foreign build info only costs a full check. */
const CACHE = join(tmpdir(), "catalogen-tsc-cache");

/** Publishes a run's build info for the next run (atomically: a reader sees an old or a new file, never half of one). */
async function share(own: string, shared: string): Promise<void> {
  const partial = `${shared}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    await mkdir(CACHE, { recursive: true });
    await copyFile(own, partial);
    await rename(partial, shared);
  } catch {
    await rm(partial, { force: true });
  }
}
