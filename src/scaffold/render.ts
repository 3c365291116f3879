// The text of scaffolded handler files: one per module with a 501 stub per operation, and an
// index that assembles them into `Handlers`. Written once; the user owns them afterwards.
import type { ApiModel, ModuleModel } from "../model/types.js";
import { operationDocLines } from "../emit/server/handlers-file.js";
import { moduleInterfaceName } from "../emit/server/names.js";
import { stringLiteral } from "../shared/sinks.js";
import { docBlock, propertyKey } from "../emit/shared/ts-types.js";

/** The export of index.ts. */
export const INDEX_EXPORT = "handlers";

export function moduleFileName(module: ModuleModel): string {
  return `${module.id}.ts`;
}

/** How index.ts names a module's handlers (aliased only where the name is taken). */
export function moduleBinding(module: ModuleModel): string {
  return module.name === INDEX_EXPORT || module.name === "Handlers" ? `${module.name}Module` : module.name;
}

const OWNERSHIP = [
  "Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file",
  "(unless --force) and tells which operations it lacks when the catalogue gains some.",
];

export function moduleFile(module: ModuleModel, serverImport: string): string {
  const stubs = module.operations.map(
    (operation) => `${docBlock(operationDocLines(operation))}${propertyKey(operation.id)}(context) {
    return context.notImplemented();
  },`,
  );
  return [
    docBlock([`Handlers of the ${module.id} module (${module.title}): ${module.area}.`, ...OWNERSHIP]),
    `import type { ${moduleInterfaceName(module)} } from ${stringLiteral(serverImport)};`,
    "",
    `export const ${module.name}: ${moduleInterfaceName(module)} = {`,
    ...stubs,
    "};",
    "",
  ].join("\n");
}

export function indexFile(model: ApiModel, serverImport: string): string {
  const imports = model.modules.map((module) => {
    const binding = moduleBinding(module);
    const name = binding === module.name ? module.name : `${module.name} as ${binding}`;
    return `import { ${name} } from ${stringLiteral(`./${module.id}.js`)};`;
  });
  const entries = model.modules.map((module) =>
    moduleBinding(module) === module.name ? `${propertyKey(module.name)},` : `${propertyKey(module.name)}: ${moduleBinding(module)},`,
  );
  return [
    docBlock([`Every module's handlers, for \`createRequestHandler(${INDEX_EXPORT}, options)\`.`, ...OWNERSHIP]),
    `import type { Handlers } from ${stringLiteral(serverImport)};`,
    ...imports,
    "",
    `export const ${INDEX_EXPORT}: Handlers = {`,
    ...entries,
    "};",
    "",
  ].join("\n");
}
