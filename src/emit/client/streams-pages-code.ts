// The code the client emits for streamed and paged operations: standalone functions, `.all` and
// `.pages`, the module interface's members, descriptor fields, binding and imports.
import type { ApiModel, OperationModel, Pagination } from "../../model/types.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { importDeclaration } from "../shared/ts-print.js";
import { typeReferences } from "../shared/ts-types.js";
import { argsTypeName, operationConstName, operationDoc, resultShape } from "./signature.js";
import { pagingData, streamData, streamShape } from "./streams-pages.js";

/** The standalone function of a streamed operation (undefined: it does not stream). */
export function streamedFunction(operation: OperationModel, model: ApiModel, optional: boolean, usedTypes: Set<string>, constName = operationConstName(operation)): string | undefined {
  const shape = streamShape(operation);
  if (!shape) return undefined;
  for (const node of shape.nodes) for (const name of typeReferences(node)) usedTypes.add(name);
  const doc = [
    ...operationDoc(operation, model).filter((line) => !line.startsWith("Resolves to")),
    "",
    `Streams (${shape.media.contentType}): yields each item as it arrives; \`break\` or \`signal\` ends the request.`,
  ];
  return `${docComment([doc.join("\n")])}export function ${operation.id}(transport: Transport, args${optional ? "?" : ""}: ${argsTypeName(operation)}, options?: StreamOptions): ItemStream<${shape.itemType}> {
return $openStream(transport, ${constName}, args, options);
}`;
}

/**
 * A paged operation's standalone function with its `.all` and `.pages` (undefined: it does not
 * page): a const with its type written out, so that isolated declarations need no inference. The
 * page type is written in the call's signature only: runtime/paging.ts's `Paged` takes each page
 * and item from it, and the implementation defers to it (`as never`): TypeScript may find a
 * composed type not assignable to a second copy of itself (see operations-file.ts).
 */
export function pagedFunction(
  operation: OperationModel,
  model: ApiModel,
  optional: boolean,
  parameters: string,
  body: string,
  constName = operationConstName(operation),
): string | undefined {
  if (!operation.pagination) return undefined;
  const page = resultShape(operation).type;
  const args = `transport: Transport, args${optional ? "?" : ""}: ${argsTypeName(operation)}`;
  const doc = [
    ...operationDoc(operation, model),
    "",
    `Pages (${operation.pagination.style}): \`.all(transport, args)\` yields every item, \`.pages(transport, args)\` every page, fetched as the loop asks; the operation's rate limits pace the pages.`,
  ];
  return `${docComment([doc.join("\n")])}export const ${operation.id}: $Paged<(${parameters}) => Promise<${page}>, [${args}], ${itemsPath(operation.pagination)}> = /* @__PURE__ */ Object.assign(
function ${operation.id}(${parameters}) {
${body}
},
{
all: (${args}, options?: PageOptions) => $allItems(transport, ${constName}, args, options) as never,
pages: (${args}, options?: PageOptions) => $pages(transport, ${constName}, args, options) as never,
},
);`;
}

/**
 * The member of the module's `<Module>Operations` interface (undefined: a plain operation).
 * `referred`: a streamed method returns its function's type (see module-file.ts refersToFunction).
 */
export function boundMemberType(operation: OperationModel, optional: boolean, plain: string, usedTypes: Set<string>, referred = false): string | undefined {
  const args = `args${optional ? "?" : ""}: operations.${argsTypeName(operation)}`;
  const shape = streamShape(operation);
  if (shape) {
    if (referred) return `(${args}, options?: StreamOptions) => ReturnType<typeof operations.${operation.id}>`;
    for (const node of shape.nodes) for (const name of typeReferences(node)) usedTypes.add(name);
    return `(${args}, options?: StreamOptions) => ItemStream<${shape.itemType}>`;
  }
  if (!operation.pagination) return undefined;
  return `$Paged<${plain}, [${args}], ${itemsPath(operation.pagination)}>`;
}

/** The catalogue's `items` path as a tuple type, for `Paged`. */
function itemsPath(pagination: Pagination): string {
  return `[${pagination.items.map(stringLiteral).join(", ")}]`;
}

/** Extra descriptor fields: `stream` or `paging`. */
export function descriptorExtras(operation: OperationModel): string[] {
  const shape = streamShape(operation);
  return [...(shape ? [streamData(shape)] : []), ...(operation.pagination ? [pagingData(operation.pagination)] : [])];
}

/** The binding expression with streamed and paged operations made so. */
export function bindExpression(operations: readonly OperationModel[], bound: string): string {
  const streamed = operations.filter((operation) => streamShape(operation)).map(operationConstName);
  const paged = operations.filter((operation) => operation.pagination && !streamShape(operation)).map(operationConstName);
  let expression = bound;
  if (streamed.length > 0) expression = `bindStreams(${expression}, transport, [${streamed.join(", ")}])`;
  if (paged.length > 0) expression = `bindPaging(${expression}, transport, [${paged.join(", ")}])`;
  return expression;
}

/**
 * Imports of the stream and paging runtimes, for the operations file (`standalone`) or the module
 * file; `referred`: the streamed operations whose method returns its function's type (no item type written).
 */
export function streamsPagesImports(operations: readonly OperationModel[], file: "standalone" | "module", referred: (operation: OperationModel) => boolean = () => false): string[] {
  const shapes = operations.flatMap((operation) => streamShape(operation) ?? []);
  const written = operations.flatMap((operation) => (referred(operation) ? [] : (streamShape(operation) ?? [])));
  const paged = operations.some((operation) => operation.pagination && !streamShape(operation));
  const imports: string[] = [];
  if (shapes.length > 0) {
    const names = [file === "standalone" ? "openStream as $openStream" : "bindStreams", ...(written.length > 0 ? ["type ItemStream"] : []), "type StreamOptions"];
    if (written.some((shape) => shape.format === "sse")) names.push("type ServerSentEvent");
    imports.push(importDeclaration(names, "../runtime/stream.js"));
  }
  if (paged) {
    const names = file === "standalone" ? ["allItems as $allItems", "pages as $pages", "type PageOptions", "type Paged as $Paged"] : ["bindPaging", "type Paged as $Paged"];
    imports.push(importDeclaration(names, "../runtime/paging.js"));
  }
  return imports;
}
