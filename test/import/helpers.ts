// Import a document, write and validate its catalogue, generate every target, list the TypeScript.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { importOpenApi, writeCatalogue, type ImportOptions } from "../../src/import/index.js";
import type { ApiModel } from "../../src/model/types.js";
import { generate } from "../../src/pipeline.js";
import type { Target } from "../../src/emit/types.js";
import { freshDir } from "../helpers/generate.js";

export interface Imported {
  dir: string;
  catalogue: string;
  out: string;
  model: ApiModel;
  operations: number;
  reportText: string;
}

export async function importAndGenerate(file: string, options: ImportOptions = {}, targets?: Target[]): Promise<Imported> {
  const dir = await freshDir("import");
  const catalogue = join(dir, "catalogue");
  const out = join(dir, "generated");
  const { catalogue: imported, report } = importOpenApi(file, options);
  const { model } = await writeCatalogue(imported, catalogue);
  await generate({ catalogue, out, ...(targets && { targets }) });
  const operations = model.modules.reduce((sum, module) => sum + module.operations.length, 0);
  return { dir, catalogue, out, model, operations, reportText: report.toText() };
}

/** `document` written as JSON into a fresh folder named after `name`, then imported and generated as importAndGenerate does. */
export async function importDocument(name: string, document: object, targets?: Target[], options: ImportOptions = {}): Promise<Imported> {
  const file = join(await freshDir(name), "openapi.json");
  await writeFile(file, JSON.stringify(document));
  return importAndGenerate(file, options, targets);
}

/** The generated client's and server's TypeScript files. */
export async function generatedTypeScript(out: string): Promise<string[]> {
  const files: string[] = [];
  for (const target of ["client", "server"]) {
    const entries = await readdir(join(out, target), { recursive: true });
    files.push(...entries.filter((name) => name.endsWith(".ts")).map((name) => join(out, target, name)));
  }
  return files.sort();
}

/** Every catalogue file's text, by file name. */
export async function catalogueTexts(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".yaml")).sort();
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), "utf8")] as const)));
}
