// client/schemas/<module id>.ts: Standard Schema v1 objects over the guards of validate/<module id>.ts
// (runtime/standard-schema.ts), one per named type the module declares (two for a directional one:
// `<Name>WritableSchema` its request shape) and one per response, JSON
// request body and parameters of its operations. A separate entry (client/schemas.ts), so the
// client and a bundle that calls the guards alone never carry them; each const is marked pure, so
// a bundler keeps only those a consumer imports.
import type { ApiModel, ModuleModel, TypeNode } from "../../model/types.js";
import { typeIndex } from "../../model/type-index.js";
import { EmitError } from "../types.js";
import { guardName } from "../shared/validators.js";
import { typeReferences, typeText, writableName } from "../shared/ts-types.js";
import { importDeclaration } from "../shared/ts-print.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { bodyGuardRootName, paramsGuard, requestBodyGuard } from "../shared/operation-guards.js";
import { argsTypeName, CLIENT_REQUEST_TYPES, CLIENT_RESPONSE_TYPES, resultShape } from "./signature.js";

/** The Standard Schema of named type `name`, e.g. `PetSchema`. */
export function typeSchemaName(name: string): string {
  return `${name}Schema`;
}

/** Bundlers drop a constant so marked when nothing imports it. */
const PURE = "/* @__PURE__ */";

interface SchemaConst {
  name: string;
  doc: string;
  type: string;
  guard: string;
}

/** The schemas of one module, or undefined when it has none. */
export function schemasFile(module: ModuleModel, model: ApiModel): { path: string; content: string } | undefined {
  const { byModule, moduleOf } = typeIndex(model.types);
  const own = byModule.get(module.id) ?? [];
  const consts: SchemaConst[] = [];
  const guards = new Map<string, string>(); // guard name -> module whose validate file holds it
  const types = new Set<string>();
  const argsTypes: string[] = [];
  const refer = (nodes: TypeNode[], direction: typeof CLIENT_RESPONSE_TYPES): void => {
    for (const node of nodes) for (const name of typeReferences(node, direction)) types.add(name);
  };
  for (const named of own) {
    consts.push({ name: typeSchemaName(named.name), doc: `{@link ${named.name}}.`, type: named.name, guard: guardName(named.name) });
    guards.set(guardName(named.name), module.id);
    types.add(named.name);
    if (named.directional !== true) continue;
    // A directional type's request shape has its own guard (../shared/checked-shapes.ts).
    const writable = writableName(named.name);
    consts.push({ name: typeSchemaName(writable), doc: `{@link ${writable}}, the request shape of {@link ${named.name}}.`, type: writable, guard: guardName(writable) });
    guards.set(guardName(writable), module.id);
    types.add(writable);
  }
  for (const operation of module.operations) {
    const result = resultShape(operation);
    if (result.check) {
      // A named type's guard is in its own module's validate file; an operation's own, in this one.
      guards.set(result.check.name, (result.check.namedType !== undefined ? moduleOf.get(result.check.namedType) : undefined) ?? module.id);
      refer(result.nodes, CLIENT_RESPONSE_TYPES);
      consts.push({ name: `${operation.id}ResponseSchema`, doc: `A successful response of {@link operations.${operation.id}}.`, type: result.type, guard: result.check.name });
    }
    const body = requestBodyGuard(operation, model.types);
    if (body) {
      guards.set(bodyGuardRootName(operation), module.id);
      refer(body.alternatives, CLIENT_REQUEST_TYPES);
      const type = [...new Set(body.alternatives.map((node) => typeText(node, CLIENT_REQUEST_TYPES)))].join(" | ");
      consts.push({ name: `${operation.id}BodySchema`, doc: `The JSON request body of {@link operations.${operation.id}}.`, type, guard: body.name });
    }
    const params = paramsGuard(operation);
    if (params) {
      guards.set(params.name, module.id);
      argsTypes.push(argsTypeName(operation));
      consts.push({ name: `${operation.id}ParamsSchema`, doc: `The parameters of {@link operations.${operation.id}} (its arguments without the body).`, type: `Omit<operations.${argsTypeName(operation)}, "body">`, guard: params.name });
    }
  }
  if (consts.length === 0) return undefined;
  checkNames(module, consts);
  const byHome = new Map<string, string[]>();
  for (const [guard, home] of guards) byHome.set(home, [...(byHome.get(home) ?? []), guard]);
  const lines = [
    importDeclaration(["standardSchema", "type StandardSchemaV1"], "../runtime/standard-schema.js"),
    ...[...byHome.keys()].sort().map((home) => importDeclaration([...(byHome.get(home) ?? [])].sort(), `../validate/${home}.js`)),
    ...(types.size > 0 ? [importDeclaration([...types].sort(), "../types.js", true)] : []),
    ...(consts.some((c) => c.doc.includes("{@link operations.")) ? [`import type * as operations from ${stringLiteral(`../operations/${module.id}.js`)};`] : []),
  ];
  const body = consts.map((c) => `${docComment([c.doc], { oneLine: true })}export const ${c.name}: StandardSchemaV1<${c.type}> = ${PURE} standardSchema(${c.guard});\n`);
  return { path: `client/schemas/${module.id}.ts`, content: `${lines.join("\n")}\n\n${body.join("\n")}` };
}

function checkNames(module: ModuleModel, consts: SchemaConst[]): void {
  const seen = new Map<string, SchemaConst>();
  for (const c of consts) {
    const before = seen.get(c.name);
    if (before) throw new EmitError(`client: module ${module.id}: ${before.doc} and ${c.doc} would both be named ${c.name}; rename one in the catalogue`);
    seen.set(c.name, c);
  }
}
