// Generates the validators fixture catalogue once per test file: the client (guards and Standard
// Schemas) and the zod target, `zod` in zod/ and `zod/mini` in zod-mini/, in one folder vitest
// imports from.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { generate, loadModel } from "../../src/pipeline.js";
import { planZod } from "../../src/emit/zod/index.js";
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
  const model = await loadModel(CATALOGUE);
  // zod/mini through the planner directly (its option), beside the zod output.
  for (const file of planZod(model, { mini: true })) {
    const path = join(dir, file.path.replace(/^zod\//, "zod-mini/"));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content());
  }
  return {
    dir,
    model,
    guards: (await import(join(dir, "client/validate.ts"))) as Record<string, Guard>,
    zod: (await import(join(dir, "zod/index.ts"))) as Record<string, ZodLike>,
    mini: (await import(join(dir, "zod-mini/index.ts"))) as Record<string, ZodLike>,
  };
}
