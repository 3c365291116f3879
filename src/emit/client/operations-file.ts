// client/operations/<module id>.ts: per operation, its arguments type and a standalone function
// that hands the operation's descriptor (from modules/<module id>.ts) to the transport.
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import { docComment, lineComment } from "../../shared/sinks.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { typeReferences } from "../shared/ts-types.js";
import { callOptionsTypeName, responseHeadersDeclarations } from "./response-headers.js";
import { CLIENT_REQUEST_TYPES, CLIENT_RESPONSE_TYPES, argsShape, argsTypeName, compactSummary, operationConstName, operationDoc, operationsFileNote, operationTags, resultShape } from "./signature.js";
import { streamShape } from "./streams-pages.js";
import { pagedFunction, streamedFunction, streamsPagesImports } from "./streams-pages-code.js";

/** The argument types runtime/encoding.ts declares (the others come from runtime/transport.ts). */
const ENCODING_TYPES = new Set(["QueryParams", "RequestBody", "MultipartFields"]);

/**
 * `compact` (for very large APIs): each function's doc is its summary and route on one line, and
 * the arguments types carry no doc of their own; the facts shared by the file are said once at its top.
 */
export function operationsFile(module: ModuleModel, model: ApiModel, compact = false): { path: string; content: string } {
  const path = `client/operations/${module.id}.ts`;
  const usedTypes = new Set<string>();
  const runtimeTypes = new Set(["CallOptions", "Transport"]);
  const statements: string[] = [];
  const argsTypes = new Map<string, string>();

  // Compact: the descriptors come in as one namespace instead of a list of names (one line per
  // operation), under a name no other declaration of the file takes.
  const descriptors = compact ? freeName("descriptors", localNames(module, model)) : undefined;

  for (const operation of module.operations) {
    const args = argsShape(operation);
    const result = resultShape(operation);
    // From the type nodes, not the text: doc comments and string literals hold words too.
    for (const schema of args.schemas) for (const name of typeReferences(schema, CLIENT_REQUEST_TYPES)) usedTypes.add(name);
    for (const schema of result.nodes) for (const name of typeReferences(schema, CLIENT_RESPONSE_TYPES)) usedTypes.add(name);
    for (const name of args.runtimeTypes) runtimeTypes.add(name);

    const constName = descriptors === undefined ? operationConstName(operation) : `${descriptors}.${operationConstName(operation)}`;
    const argsType = args.members.length > 0 ? `{\n${args.members.join("\n")}\n}` : "Record<string, never>";
    // Operations of a module often take the same arguments (a page, a filter): declared once, the
    // others name it, which costs the type checker and the file one type instead of one per operation.
    const same = argsTypes.get(argsType);
    if (same === undefined) argsTypes.set(argsType, argsTypeName(operation));
    const argsDoc = compact ? "" : docComment([`Arguments of {@link ${operation.id}}${same !== undefined ? `: as {@link ${same}}` : args.members.length > 0 ? "" : ": none"}.`]);
    statements.push(`${argsDoc}export type ${argsTypeName(operation)} = ${same ?? argsType};`);
    const returnType = `Promise<${result.type}>`;
    const headers = responseHeadersDeclarations(operation);
    if (headers) statements.push(...headers);
    const options = headers ? callOptionsTypeName(operation) : "CallOptions";
    const parameters = `transport: Transport, args${args.optional ? "?" : ""}: ${argsTypeName(operation)}, callOptions?: ${options}`;
    const passed = headers ? "callOptions as CallOptions | undefined" : "callOptions";
    // send() resolves to unknown; the signature states the result type, the body defers to it with
    // `as never`: a second copy of the type would be compared with the first, and TypeScript (under
    // exactOptionalPropertyTypes) finds `{ result: unknown } & { result?: X }` not assignable to its
    // own copy (TS2719). An untyped result needs no cast at all.
    const cast = result.type === "unknown" ? "" : " as never";
    const body = `return transport.send(${constName}, args, ${passed})${cast};`;
    statements.push(
      streamedFunction(operation, model, args.optional, usedTypes, constName) ??
        pagedFunction(operation, model, args.optional, parameters, body, constName) ??
        `${docComment([compact ? compactDoc(operation) : operationDoc(operation, model).join("\n")], { tags: operationTags(operation) })}export function ${operation.id}(${parameters}): ${returnType} {
${body}
}`,
    );
  }

  // Streamed operations take StreamOptions: a module of only those has no use for CallOptions.
  if (module.operations.every((operation) => streamShape(operation) && !operation.pagination)) runtimeTypes.delete("CallOptions");
  // A module with no operations yet imports nothing (an unused import fails noUnusedLocals).
  if (statements.length === 0) return { path, content: tsFile([], ["export {};"]) };
  const imports = [
    importDeclaration([...runtimeTypes].filter((n) => !ENCODING_TYPES.has(n)).sort(), "../runtime/transport.js", true),
  ];
  const encodingTypes = [...runtimeTypes].filter((n) => ENCODING_TYPES.has(n)).sort();
  if (encodingTypes.length > 0) imports.push(importDeclaration(encodingTypes, "../runtime/encoding.js", true));
  if (usedTypes.size > 0) imports.push(importDeclaration([...usedTypes].sort(), "../types.js", true));
  imports.push(...streamsPagesImports(module.operations, "standalone"));
  imports.push(
    descriptors === undefined
      ? importDeclaration(module.operations.map(operationConstName).sort(), `../modules/${module.id}.js`)
      : `import * as ${descriptors} from "../modules/${module.id}.js";`,
  );
  const note = operationsFileNote(module.operations, model);
  if (note.length > 0) statements.unshift(note.map(lineComment).join("\n"));
  return { path, content: tsFile(imports, statements) };
}

/** The compact doc of an operation: its summary and route, on one line. */
function compactDoc(operation: OperationModel): string {
  return `${compactSummary(operation)} \`${operation.method} ${operation.path}\``;
}

/** Every name an operations file may declare or import besides the runtime's. */
function localNames(module: ModuleModel, model: ApiModel): Set<string> {
  const names = new Set(model.types.map((named) => named.name));
  for (const operation of module.operations) {
    names.add(operation.id).add(argsTypeName(operation)).add(callOptionsTypeName(operation)).add(operationConstName(operation));
  }
  return names;
}

function freeName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  while (taken.has(name)) name = `${name}_`;
  return name;
}
