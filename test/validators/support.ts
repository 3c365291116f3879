// Generates the validators fixture catalogue once per test file: the client (guards and Standard
// Schemas) and the zod target into one folder, and the zod target with `mini: true` into its
// mini/ folder (the config entry `{ name: "zod", mini: true }`), for vitest to import.
import { join } from "node:path";
import { generate, loadModel } from "../../src/pipeline.js";
import type { ApiModel } from "../../src/model/types.js";
import { fixtureCatalogue, freshDir } from "../helpers/generate.js";

export const CATALOGUE = fixtureCatalogue("validators");

export type Guard = (value: unknown, path?: string) => { path: string; value: unknown; expected: string } | undefined;
export interface ZodLike {
  safeParse(value: unknown): { success: boolean };
}

export interface Generated {
  dir: string;
  model: ApiModel;
  guards: Record<string, Guard>;
  zod: Record<string, ZodLike>;
  mini: Record<string, ZodLike>;
}

export async function generateValidators(): Promise<Generated> {
  const dir = await freshDir("validators");
  await generate({ catalogue: CATALOGUE, out: dir, targets: ["client", "zod"] });
  await generate({ catalogue: CATALOGUE, out: join(dir, "mini"), targets: [{ name: "zod", mini: true }] });
  const model = await loadModel(CATALOGUE);
  return {
    dir,
    model,
    guards: (await import(join(dir, "client/validate.ts"))) as Record<string, Guard>,
    zod: (await import(join(dir, "zod/index.ts"))) as Record<string, ZodLike>,
    mini: (await import(join(dir, "mini/zod/index.ts"))) as Record<string, ZodLike>,
  };
}
