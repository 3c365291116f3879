// Type-checks generated code with the real tsc in a fresh process, under the strict flags the
// tests use (test/helpers/tsc.ts), and measures it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RESOLUTIONS, STRICT_OPTIONS } from "../../test/helpers/tsc.js";
import { findRepoRoot, measure, type Measured } from "./measure.js";

export const TSC = join(findRepoRoot(), "node_modules/typescript/bin/tsc");

export interface TscRun extends Measured {
  errors: number;
}

/**
 * Checks `files` (absolute) with bundler resolution. skipLibCheck is on so that the figure is the
 * generated code's cost, not lib.dom.d.ts's (and so peers' runtime packages compare equally).
 * `workDir` gets the tsconfig; `typeRoots` lets peers resolve their own packages' types.
 */
export async function typecheckFiles(files: string[], workDir: string, extra: Record<string, unknown> = {}): Promise<TscRun> {
  mkdirSync(workDir, { recursive: true });
  const tsconfig = join(workDir, "tsconfig.bench.json");
  writeFileSync(
    tsconfig,
    JSON.stringify(
      {
        compilerOptions: { ...STRICT_OPTIONS, ...RESOLUTIONS.bundler, skipLibCheck: true, types: [], ...extra },
        files,
      },
      null,
      2,
    ),
  );
  const run = await measure(process.execPath, [TSC, "-p", tsconfig], { cwd: workDir });
  const errors = (run.stdout.match(/error TS\d+/g) ?? []).length;
  return { ...run, errors };
}
