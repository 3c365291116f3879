// Runs the real TypeScript compilers (5.9, 6.0 and 7.0 are all installed) on generated code.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
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
  await writeFile(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        ...STRICT_OPTIONS,
        ...RESOLUTIONS[options.resolution],
        ...(options.portable && PORTABLE_OPTIONS),
        ...(options.tsExtensions && { allowImportingTsExtensions: true }),
        ...(options.lib && { lib: options.lib }),
        types: options.types ?? [],
        typeRoots: options.typeRoots ?? [join(root, "node_modules/@types")],
        ...options.compilerOptions,
      },
      files,
    }),
  );
  try {
    const { stdout, stderr } = await run(process.execPath, [TYPESCRIPT_VERSIONS[options.version], "-p", tsconfig], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: (e.stdout ?? "") + (e.stderr ?? "") || e.message };
  }
}
