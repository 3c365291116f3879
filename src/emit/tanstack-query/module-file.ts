// tanstack-query/<module id>.ts: the module's query keys, and per operation its query options
// (reads), infinite query options (paged reads) or mutation options (writes), each calling the
// client's standalone function for the operation. Keys are `[module, operation, args]`: the module's
// key and the operation's are prefixes of it, so invalidating either reaches every query below it.
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { operationsWithErrors } from "../client/error-types.js";
import { callOptionsTypeName, responseHeadersDeclarations } from "../client/response-headers.js";
import { argsShape, argsTypeName, operationConstName, operationDoc } from "../client/signature.js";
import { isInfinite, names, operationKind, type TanstackQueryOptions } from "./names.js";

export function moduleFile(module: ModuleModel, model: ApiModel, options: TanstackQueryOptions): { path: string; content: string } {
  const path = `tanstack-query/${module.id}.ts`;
  const made = module.operations.filter((operation) => operationKind(operation, options) !== "none");
  if (made.length === 0) return { path, content: tsFile([], ["export {};"]) };

  const documented = new Set(operationsWithErrors(module, model).map((operation) => operation.id));
  const clientTypes = new Set<string>(["Transport"]);
  const runtime = new Set<string>();
  const functions = new Set<string>();
  const descriptors = new Set<string>();
  const statements: string[] = [keysStatement(module, made)];

  for (const operation of made) {
    const error = documented.has(operation.id) ? `OperationError<${stringLiteral(operation.id)}>` : "ApiError";
    clientTypes.add(documented.has(operation.id) ? "OperationError" : "ApiError");
    const args = argsTypeName(operation);
    clientTypes.add(args);
    const callOptions = responseHeadersDeclarations(operation) ? callOptionsTypeName(operation) : "CallOptions";
    clientTypes.add(callOptions);
    functions.add(operation.id);
    const purpose = operationDoc(operation, model)[0] ?? "";
    const shape: Shape = { module, operation, purpose, data: `Awaited<ReturnType<typeof ${operation.id}>>`, error, args, optional: argsShape(operation).optional, callOptions };
    if (operationKind(operation, options) === "mutation") {
      runtime.add("mutationOptionsOf").add("type OperationMutationOptions");
      statements.push(mutation(shape));
      continue;
    }
    runtime.add("queryOptionsOf").add("type OperationQueryOptions");
    statements.push(...query(shape));
    if (isInfinite(operation)) {
      runtime.add("infiniteQueryOptionsOf").add("type OperationInfiniteQueryOptions");
      descriptors.add(operationConstName(operation));
      statements.push(...infinite(shape));
    }
  }

  const queryCore = runtime.has("queryOptionsOf") ? ["DataTag", ...(descriptors.size > 0 ? ["InfiniteData"] : [])] : [];
  const imports = [
    ...(queryCore.length > 0 ? [importDeclaration(queryCore, "@tanstack/query-core", true)] : []),
    importDeclaration([...clientTypes].sort(), "../client/index.js", true),
    importDeclaration([...functions].sort(), `../client/operations/${module.id}.js`),
  ];
  if (descriptors.size > 0) {
    imports.push(importDeclaration([...descriptors].sort(), `../client/modules/${module.id}.js`));
    imports.push(importDeclaration(["nextPageArgs"], "../client/runtime/paging.js"));
  }
  imports.push(importDeclaration([...runtime].sort((a, b) => bare(a).localeCompare(bare(b))), "./runtime/options.js"));
  return { path, content: tsFile(imports, statements) };
}

interface Shape {
  module: ModuleModel;
  operation: OperationModel;
  /** The operation's summary, the first line of its doc. */
  purpose: string;
  /**
   * The client's result type of the operation, named through its function: written out again, a
   * composed type (`Envelope & { result?: Job[] }`) is, under exactOptionalPropertyTypes, not
   * assignable to the client's copy of itself (TS2719).
   */
  data: string;
  error: string;
  args: string;
  /** The arguments may be left out. */
  optional: boolean;
  callOptions: string;
}

const bare = (name: string): string => name.replace(/^type /, "");

/** `"module", "operation"`: the key's first two elements, as literals. */
function keyHead(module: ModuleModel, operation?: OperationModel): string {
  return [module.name, ...(operation ? [operation.id] : [])].map(stringLiteral).join(", ");
}

/** `<module>Keys`: the module's prefix (`all`) and each operation's. */
function keysStatement(module: ModuleModel, operations: readonly OperationModel[]): string {
  const types = [`readonly all: readonly [${keyHead(module)}];`, ...operations.map((op) => `readonly ${op.id}: readonly [${keyHead(module, op)}];`)];
  const values = [`all: [${keyHead(module)}],`, ...operations.map((op) => `${op.id}: [${keyHead(module, op)}],`)];
  const doc = docComment([
    `Query and mutation key prefixes of ${module.title}. Every query key of the module starts with \`all\`, every key of an operation with its entry: \`queryClient.invalidateQueries({ queryKey: ${names.moduleKeys(module)}.all })\` invalidates the module's queries.`,
  ]);
  return `${doc}export const ${names.moduleKeys(module)}: {\n${types.join("\n")}\n} = {\n${values.join("\n")}\n};`;
}

function argsParameter(shape: Shape): string {
  return `args${shape.optional ? "?" : ""}: ${shape.args}`;
}

/** The arguments as the key holds them: `{}` for arguments left out, so one key per call. */
function keyArgs(shape: Shape): string {
  return shape.optional ? "args ?? {}" : "args";
}

function summary(shape: Shape): string {
  return `{@link ${shape.operation.id}} (\`${shape.operation.method} ${shape.operation.path}\`)`;
}

function query(shape: Shape): string[] {
  const { module, operation } = shape;
  const keyType = names.queryKeyType(operation);
  const tagged = `DataTag<${keyType}, ${shape.data}, ${shape.error}>`;
  return [
    `${docComment([`The query key of ${summary(shape)}: \`[module, operation, args]\`.`])}export type ${keyType} = readonly [${keyHead(module, operation)}, ${shape.args}];`,
    `${docComment([`The query key of ${summary(shape)} for \`args\`, typed: \`queryClient.getQueryData(key)\` is the operation's result.`])}export function ${names.queryKey(operation)}(${argsParameter(shape)}): ${tagged} {
return [${keyHead(module, operation)}, ${keyArgs(shape)}] as ${keyType} as ${tagged};
}`,
    `${docComment([
      `Query options of ${summary(shape)}: ${shape.purpose}`,
      "",
      "For `fetchQuery`, `useQuery` and the like. TanStack's signal aborts the call; `retry` is off, since the client's transport retries.",
    ])}export function ${names.queryOptions(operation)}(transport: Transport, ${argsParameter(shape)}, callOptions?: Omit<${shape.callOptions}, "signal">): OperationQueryOptions<${shape.data}, ${shape.error}, ${keyType}> {
return queryOptionsOf<${shape.data}, ${shape.error}, ${keyType}>(${names.queryKey(operation)}(args), (signal) => ${operation.id}(transport, args, { ...callOptions, signal }));
}`,
  ];
}

function infinite(shape: Shape): string[] {
  const { module, operation } = shape;
  const keyType = names.infiniteKeyType(operation);
  const tagged = `DataTag<${keyType}, InfiniteData<${shape.data}, ${shape.args}>, ${shape.error}>`;
  const style = operation.pagination?.style ?? "";
  // The strictest interval of the operation's limits: the next page waits that long after the last page arrived.
  const spacing = Math.max(0, ...(operation.limits ?? []).map((limit) => limit.interval.milliseconds));
  return [
    `${docComment([`The infinite query key of ${summary(shape)}: \`[module, operation, args, "infinite"]\`.`])}export type ${keyType} = readonly [${keyHead(module, operation)}, ${shape.args}, "infinite"];`,
    `${docComment([`The infinite query key of ${summary(shape)} for \`args\` (the first page's), typed.`])}export function ${names.infiniteKey(operation)}(${argsParameter(shape)}): ${tagged} {
return [${keyHead(module, operation)}, ${keyArgs(shape)}, "infinite"] as ${keyType} as ${tagged};
}`,
    `${docComment([
      `Infinite query options of ${summary(shape)}: ${shape.purpose}`,
      "",
      `Pages by ${style}: each page's arguments are the page param, the first page's \`args\`, the next derived from the last page as the catalogue says; no next page after an empty or last page. For \`fetchInfiniteQuery\`, \`useInfiniteQuery\` and the like.`,
    ])}export function ${names.infiniteOptions(operation)}(transport: Transport, ${argsParameter(shape)}, callOptions?: Omit<${shape.callOptions}, "signal">): OperationInfiniteQueryOptions<${shape.data}, ${shape.error}, ${keyType}, ${shape.args}> {
return infiniteQueryOptionsOf<${shape.data}, ${shape.error}, ${keyType}, ${shape.args}>(
${names.infiniteKey(operation)}(args),
${keyArgs(shape)},
(page, last) => nextPageArgs(${operationConstName(operation)}, last, page),
(pageArgs, signal) => ${operation.id}(transport, pageArgs, { ...callOptions, signal }),${spacing > 0 ? `\n${spacing},` : ""}
);
}`,
  ];
}

function mutation(shape: Shape): string {
  const { module, operation } = shape;
  // Arguments that may be left out: `mutate()` with none.
  const variables = shape.optional ? `${shape.args} | void` : shape.args;
  const passed = shape.optional ? "args || undefined" : "args";
  return `${docComment([
    `Mutation options of ${summary(shape)}: ${shape.purpose}`,
    "",
    "For `useMutation` and the like; the variables are the operation's arguments. `callOptions.signal` aborts it; `retry` is off, since the client's transport retries.",
  ])}export function ${names.mutationOptions(operation)}(transport: Transport, callOptions?: ${shape.callOptions}): OperationMutationOptions<${shape.data}, ${shape.error}, ${variables}, readonly [${keyHead(module, operation)}]> {
return mutationOptionsOf<${shape.data}, ${shape.error}, ${variables}, readonly [${keyHead(module, operation)}]>(${names.moduleKeys(module)}.${operation.id}, (args) => ${operation.id}(transport, ${passed}, callOptions));
}`;
}
