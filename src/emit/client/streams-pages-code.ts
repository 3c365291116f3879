// The code the client emits for streamed and paged operations: standalone functions, `.all` and
// `.pages`, the module interface's members, descriptor fields, binding and imports.
import type { ApiModel, OperationModel } from "../../model/types.js";
import { docComment } from "../../shared/sinks.js";
import { importDeclaration } from "../shared/ts-print.js";
import { typeReferences } from "../shared/ts-types.js";
import { argsTypeName, operationConstName, operationDoc, resultShape } from "./signature.js";
import { pageItemType, pagingData, streamData, streamShape } from "./streams-pages.js";

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
 * type is written there only, the implementation defers to it (`as never`): TypeScript may find a
 * composed type not assignable to a second copy of itself (see operations-file.ts).
 */
export function pagedFunction(
  operation: OperationModel,
  model: ApiModel,
  optional: boolean,
  usedTypes: Set<string>,
  parameters: string,
  body: string,
  constName = operationConstName(operation),
): string | undefined {
  if (!operation.pagination) return undefined;
  const item = pageItemType(operation, model);
  if (item.node) for (const name of typeReferences(item.node)) usedTypes.add(name);
  const page = resultShape(operation).type;
  const args = `transport: Transport, args${optional ? "?" : ""}: ${argsTypeName(operation)}, options?: PageOptions`;
  const doc = [
    ...operationDoc(operation, model),
    "",
    `Pages (${operation.pagination.style}): \`.all(transport, args)\` yields every item, \`.pages(transport, args)\` every page, fetched as the loop asks; the operation's rate limits pace the pages.`,
  ];
  return `${docComment([doc.join("\n")])}export const ${operation.id}: ((${parameters}) => Promise<${page}>) & {
/** Every item of every page, in order. */
all(${args}): AsyncIterableIterator<${item.text}>;
/** Every page, in order. */
pages(${args}): AsyncIterableIterator<${page}>;
} = /* @__PURE__ */ Object.assign(
function ${operation.id}(${parameters}) {
${body}
},
{
all: (${args}) => $allItems(transport, ${constName}, args, options) as never,
pages: (${args}) => $pages(transport, ${constName}, args, options) as never,
},
);`;
}

/** The member of the module's `<Module>Operations` interface (undefined: a plain operation). */
export function boundMemberType(operation: OperationModel, model: ApiModel, optional: boolean, plain: string, usedTypes: Set<string>): string | undefined {
  const args = `args${optional ? "?" : ""}: operations.${argsTypeName(operation)}`;
  const shape = streamShape(operation);
  if (shape) {
    for (const node of shape.nodes) for (const name of typeReferences(node)) usedTypes.add(name);
    return `(${args}, options?: StreamOptions) => ItemStream<${shape.itemType}>`;
  }
  if (!operation.pagination) return undefined;
  const item = pageItemType(operation, model);
  if (item.node) for (const name of typeReferences(item.node)) usedTypes.add(name);
  const page = resultShape(operation).type;
  return `(${plain}) & {
/** Every item of every page, fetched as the loop asks (rate limits pace the pages). */
all(${args}, options?: PageOptions): AsyncIterableIterator<${item.text}>;
/** Every page, in order. */
pages(${args}, options?: PageOptions): AsyncIterableIterator<${page}>;
}`;
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

/** Imports of the stream and paging runtimes, for the operations file (`standalone`) or the module file. */
export function streamsPagesImports(operations: readonly OperationModel[], file: "standalone" | "module"): string[] {
  const shapes = operations.flatMap((operation) => streamShape(operation) ?? []);
  const paged = operations.some((operation) => operation.pagination && !streamShape(operation));
  const imports: string[] = [];
  if (shapes.length > 0) {
    const names = [file === "standalone" ? "openStream as $openStream" : "bindStreams", "type ItemStream", "type StreamOptions"];
    if (shapes.some((shape) => shape.format === "sse")) names.push("type ServerSentEvent");
    imports.push(importDeclaration(names, "../runtime/stream.js"));
  }
  if (paged) {
    const names = file === "standalone" ? ["allItems as $allItems", "pages as $pages", "type PageOptions"] : ["bindPaging", "type PageOptions"];
    imports.push(importDeclaration(names, "../runtime/paging.js"));
  }
  return imports;
}
