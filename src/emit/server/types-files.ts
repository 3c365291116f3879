// server/types/<module id>.ts: the named types a module declares (types of other modules imported,
// type-only, so cycles are harmless); server/types.ts re-exports them, one line per module.
import type { NamedType } from "../../model/types.js";
import { stringLiteral } from "../shared/text.js";
import { namedTypeDeclarations, typeReferences } from "../shared/ts-types.js";
import type { GeneratedFile } from "../types.js";

function moduleTypesFile(module: string, own: NamedType[], homeOf: ReadonlyMap<string, string>): GeneratedFile {
  const imports = new Map<string, Set<string>>();
  for (const named of own) {
    for (const name of typeReferences(named.type)) {
      const home = homeOf.get(name);
      if (home === undefined || home === module) continue;
      imports.set(home, (imports.get(home) ?? new Set<string>()).add(name));
    }
  }
  const importLines = [...imports.keys()]
    .sort()
    .map((home) => `import type { ${[...(imports.get(home) ?? [])].sort().join(", ")} } from ${stringLiteral(`./${home}.js`)};\n`);
  return { path: `server/types/${module}.ts`, content: `${importLines.join("")}${namedTypeDeclarations(own)}` };
}

export function typesFiles(types: readonly NamedType[]): GeneratedFile[] {
  if (types.length === 0) return [{ path: "server/types.ts", content: "// The catalogue declares no named types.\nexport {};\n" }];
  const homeOf = new Map(types.map((named) => [named.name, named.module]));
  const byModule = new Map<string, NamedType[]>();
  for (const named of types) byModule.set(named.module, [...(byModule.get(named.module) ?? []), named]);
  const modules = [...byModule.keys()].sort();
  const index = modules.map((module) => `export type * from ${stringLiteral(`./types/${module}.js`)};\n`).join("");
  return [{ path: "server/types.ts", content: index }, ...modules.map((module) => moduleTypesFile(module, byModule.get(module) ?? [], homeOf))];
}
