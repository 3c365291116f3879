// client/types/<module id>.ts: the named types a module declares (types of other modules imported,
// type-only, so cycles are harmless); client/types.ts re-exports them, one line per module.
import type { NamedType } from "../../model/types.js";
import { namedTypeDeclarations, typeReferences } from "../shared/ts-types.js";
import { stringLiteral } from "../shared/text.js";
import { CLIENT_RESPONSE_TYPES } from "./signature.js";

export function typesFiles(types: NamedType[]): { path: string; content: string }[] {
  const homeOf = new Map(types.map((named) => [named.name, named.module]));
  const byModule = new Map<string, NamedType[]>();
  for (const named of types) byModule.set(named.module, [...(byModule.get(named.module) ?? []), named]);
  const files = [...byModule.keys()].sort().map((module) => {
    const own = byModule.get(module) ?? [];
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
    return { path: `client/types/${module}.ts`, content: `${importLines.join("")}${importLines.length > 0 ? "\n" : ""}${namedTypeDeclarations(own, CLIENT_RESPONSE_TYPES)}` };
  });
  const index = files.length > 0 ? files.map((file) => `export type * from ${stringLiteral(`./${file.path.slice("client/".length).replace(/\.ts$/, ".js")}`)};\n`).join("") : "export {};\n";
  return [{ path: "client/types.ts", content: index }, ...files];
}
