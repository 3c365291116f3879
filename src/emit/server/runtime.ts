// The router runtime: real, tested TypeScript under templates/server/, copied as it is.
import { readdir, readFile } from "node:fs/promises";
import type { GeneratedFile } from "../types.js";

const TEMPLATE_DIR = new URL("../../../templates/server/", import.meta.url);

export async function runtimeFiles(): Promise<GeneratedFile[]> {
  const names = (await readdir(TEMPLATE_DIR)).filter((name) => name.endsWith(".ts") && !/\.test(-d)?\.ts$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({ path: `server/runtime/${name}`, content: await readFile(new URL(name, TEMPLATE_DIR), "utf8") })),
  );
}
