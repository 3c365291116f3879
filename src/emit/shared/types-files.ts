// <target>/types/<module id>.ts: the named types a module declares (types of other modules
// imported, type-only, so cycles are harmless); <target>/types.ts re-exports them, one line per
// module, so no file grows with the whole API.
import type { NamedType } from "../../model/types.js";
import type { GeneratedFile } from "../types.js";
import { stringLiteral } from "../../shared/sinks.js";
import { importDeclaration, indentTs } from "./ts-print.js";
import { lazyFile } from "./validators.js";
import { someRecord } from "../../shared/records.js";
import { declarationReferences, namedTypeDeclarations, type TypeTextOptions } from "./ts-types.js";

function moduleTypesFile(
  target: string,
  module: string,
  own: NamedType[],
  homeOf: ReadonlyMap<string, string>,
  options?: TypeTextOptions,
): GeneratedFile {
  const imports = new Map<string, Set<string>>();
  for (const named of own) {
    for (const name of declarationReferences(named, options)) {
      const home = homeOf.get(name) ?? homeOf.get(name.replace(/Writable$/, ""));
      if (home === undefined || home === module) continue;
      imports.set(home, (imports.get(home) ?? new Set<string>()).add(name));
    }
  }
  const importLines = [...imports.keys()].sort().map((home) => `${importDeclaration([...(imports.get(home) ?? [])].sort(), `./${home}.js`, true)}\n`);
  const separator = importLines.length > 0 ? "\n" : "";
  return { path: `${target}/types/${module}.ts`, content: indentTs(`${importLines.join("")}${separator}${namedTypeDeclarations(own, options)}`) };
}

export function typesFiles(target: string, types: readonly NamedType[], options?: TypeTextOptions): GeneratedFile[] {
  if (types.length === 0) return [{ path: `${target}/types.ts`, content: "// The catalogue declares no named types.\nexport {};\n" }];
  const homeOf = new Map(types.map((named) => [named.name, named.module]));
  const byModule = new Map<string, NamedType[]>();
  for (const named of types) byModule.set(named.module, [...(byModule.get(named.module) ?? []), named]);
  const modules = [...byModule.keys()].sort();
  const index = modules.map((module) => `export type * from ${stringLiteral(`./types/${module}.js`)};\n`).join("");
  return [
    { path: `${target}/types.ts`, content: index },
    // Made when first read: a regenerate that keeps a module's file never makes it.
    ...modules.map((module) => {
      const own = byModule.get(module) ?? [];
      return lazyFile(`${target}/types/${module}.ts`, () => sharedText(types, module, own, options, () => moduleTypesFile(target, module, own, homeOf, options).content));
    }),
  ];
}

/**
 * The client's and the server's types files of a module are the same text when their options
 * differ only in what a `binary` node becomes and the module's types hold none (all but a few
 * modules): made once per model's list of named types.
 */
const madeTexts = new WeakMap<readonly NamedType[], Map<string, string>>();

function sharedText(types: readonly NamedType[], module: string, own: readonly NamedType[], options: TypeTextOptions | undefined, make: () => string): string {
  if (own.some((named) => holdsBinary(named.type))) return make();
  let made = madeTexts.get(types);
  if (made === undefined) madeTexts.set(types, (made = new Map()));
  const { binary: _binary, ...rest } = options ?? {};
  const key = `${JSON.stringify(rest)}\n${module}`;
  let text = made.get(key);
  if (text === undefined) made.set(key, (text = make()));
  return text;
}

/** Whether a `binary` type node is anywhere in `value`. */
function holdsBinary(value: unknown): boolean {
  return someRecord(value, (record) => record.kind === "binary");
}
