// The runtime a target ships: real, tested TypeScript under templates/<target>/, copied as it is
// into <target>/runtime/, and templates/shared/ (what the client and server runtimes both use),
// copied as it is into <target>/shared/ of each, so that every runtime stays self-contained and
// the relative imports (`../shared/media.js`) are the same in templates/ and in the output.
// Tests (*.test.ts) and type tests (*.test-d.ts) stay behind.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GeneratedFile } from "../types.js";

/** templates/, from src/emit/shared/ and dist/emit/shared/ alike. */
const TEMPLATES_ROOT = fileURLToPath(new URL("../../../templates/", import.meta.url));

/** A template file that ships: TypeScript, not a test. */
export function isShippedTemplate(name: string): boolean {
  return name.endsWith(".ts") && !/\.test(-d)?\.ts$/.test(name);
}

/** The files of templates/<target>/ as `<target>/runtime/<name>`, sorted by name. */
export function templateFiles(target: string, root: string = TEMPLATES_ROOT): GeneratedFile[] {
  return shippedFiles(join(root, target), `${target}/runtime`);
}

/** The files of templates/shared/ as `<target>/shared/<name>`, sorted by name. */
export function sharedTemplateFiles(target: string, root: string = TEMPLATES_ROOT): GeneratedFile[] {
  return shippedFiles(join(root, "shared"), `${target}/shared`);
}

function shippedFiles(dir: string, outDir: string): GeneratedFile[] {
  return readdirSync(dir)
    .filter(isShippedTemplate)
    .sort()
    .map((name) => ({ path: `${outDir}/${name}`, content: readFileSync(join(dir, name), "utf8") }));
}

/** The text of one template file, e.g. `templateText("shared", "media.ts")`. */
export function templateText(target: string, name: string, root: string = TEMPLATES_ROOT): string {
  return readFileSync(join(root, target, name), "utf8");
}

/**
 * `<target>/package.json`: marks the folder's .ts files as ES modules whatever the consumer's own
 * package says (a CommonJS consumer compiles them under NodeNext), with no side effects on import.
 */
export function targetPackageFile(target: string): GeneratedFile {
  return { path: `${target}/package.json`, content: `${JSON.stringify({ type: "module", sideEffects: false }, null, 2)}\n` };
}
