// client/modules/<module id>.ts: what the module's operations are (one descriptor each: data the
// transport reads), the `<Module>Operations` interface (one method per operation) and the function
// that binds the module's operations to a transport, for createClient. Apart from client.ts so that
// no file grows with the whole API.
//
// The descriptors live here, not beside the standalone functions, so createClient binds them
// without reaching those functions (a bundle through createClient holds each operation once, as
// data), while a program importing one standalone function keeps only its descriptor: each is a
// const of its own made by a call marked pure, and the binding is inside a function a bundler drops
// when nothing calls it. The operations a route says all about (`id METHOD /path`, arguments
// written by the module's writer, nothing more) are lines of strings of eight (`routes0`, ...):
// createClient binds each string's lines, with no const and list entry per operation (about 1.8 KB
// of its bundle at 184 operations), and a standalone function takes its line of one string (its
// bundle holds at most seven other routes).
//
// Each method's type is written out rather than derived from its function's (a conditional type
// over `typeof …`): the type checker then resolves a method by name instead of instantiating a
// conditional type per operation. Only a result holding an object type written in place is the
// function's, `ReturnType<typeof operations.<id>>`: a second copy would be a type of its own (see
// refersToFunction). `compact` names the same function type through runtime/operation.ts's
// `Bound<Args, Result>`, a plain generic alias, to say it in fewer bytes.
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import { docComment, docTag, stringLiteral } from "../../shared/sinks.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { typeReferences } from "../shared/ts-types.js";
import { pascalCase } from "../../shared/names.js";
import { EmitError } from "../types.js";
import { callOptionsTypeName, responseHeadersDeclarations } from "./response-headers.js";
import { CLIENT_RESPONSE_TYPES, argsShape, argsTypeName, compactSummary, operationConstName, operationDoc, resultShape } from "./signature.js";
import { limitBucket } from "../../model/limits.js";
import { accessFields, limitErrorCost, limitTokens } from "../shared/limits.js";
import { streamShape } from "./streams-pages.js";
import { bindExpression, boundMemberType, descriptorExtras, streamsPagesImports } from "./streams-pages-code.js";
import { bodyData, constantsData, stylesData, wireImports } from "./wire.js";
import { operationConstants } from "../../model/constants.js";
import { typeIndex } from "../../model/type-index.js";

/**
 * Marks a descriptor's call free of side effects: a bundler drops the descriptors a program does not
 * reach (it keeps a top-level call otherwise, and one standalone function brought its whole
 * module's descriptors along). A fixed text, no input in it.
 */
const PURE = "/*#__PURE__*/ ";

/** Lines per routes string: a standalone function's bundle holds at most this many routes less one of its module. */
const ROUTES_PER_STRING = 8;

export function operationsInterfaceName(moduleName: string): string {
  return `${pascalCase(moduleName)}Operations`;
}

/** The function of client/modules/<id>.ts that returns the module's operations bound to a transport. */
export function bindFunctionName(moduleName: string): string {
  return `bind${pascalCase(moduleName)}Operations`;
}

/** `compact`: a method's doc is the operation's summary alone (its function's doc has the route). */
export function moduleFile(module: ModuleModel, model: ApiModel, compact = false): { path: string; content: string } {
  const path = `client/modules/${module.id}.ts`;
  const empty = module.operations.length === 0;
  let plainCallOptions = false;
  const usedTypes = new Set<string>();
  // The checks each validate file gives: the module's own response guards, named types' guards.
  const checks = new Map<string, Set<string>>();
  const descriptors: string[] = [];
  // The lines `id METHOD /path` of the operations a route says all about, eight to a string; the other operations' consts.
  const routeLines: string[][] = [];
  const described: string[] = [];
  const aliases = new Set<string>();
  // A named type of the catalogue may take an alias's name: such a file writes its methods out.
  const aliasing = compact && !model.types.some((named) => named.name === "Bound" || named.name === "BoundOptional");
  // A module name is an identifier; the check keeps the name string's split exact whatever it is.
  const prefixes = module.name.includes(" ") ? [] : pathPrefixes(module.operations.map(routePath));
  // Header and cookie parameters need writeArgs; a module without any writes the query and body alone.
  const writer = module.operations.some((op) => (op.headers?.length ?? 0) > 0 || (op.cookies?.length ?? 0) > 0) ? "writeArgs" : "writeQueryAndBody";
  const properties = module.operations.map((op) => {
    const result = resultShape(op);
    const referred = refersToFunction(op);
    if (!referred) {
      for (const schema of result.nodes) for (const name of typeReferences(schema, CLIENT_RESPONSE_TYPES)) usedTypes.add(name);
    }
    if (result.check) {
      const home = result.check.namedType === undefined ? module.id : typeIndex(model.types).moduleOf.get(result.check.namedType);
      if (home === undefined) throw new EmitError(`client: ${op.id}: its response type ${result.check.namedType} is not declared`);
      checks.set(home, (checks.get(home) ?? new Set()).add(result.check.name));
    }
    const data = operationData(op, result.check?.name, prefixes, writer);
    if (data.more === "" && writesArgs(op) && !data.idRoute.includes("\n")) {
      // Said all about by its route: a line of the current string of eight.
      if (routeLines.length === 0 || routeLines[routeLines.length - 1]!.length === ROUTES_PER_STRING) routeLines.push([]);
      const at = routeLines.length - 1;
      routeLines[at]!.push(data.idRoute);
      descriptors.push(`export const ${operationConstName(op)}: Operation = ${PURE}routed(routes${at}, ${routeLines[at]!.length - 1});`);
    } else {
      described.push(operationConstName(op));
      descriptors.push(`export const ${operationConstName(op)}: Operation = ${PURE}${data.expression};`);
    }
    const optional = argsShape(op).optional;
    const args = `args${optional ? "?" : ""}: operations.${argsTypeName(op)}`;
    // The full doc is the standalone function's; here its first line and a link, so it is said once.
    const doc = compact ? compactSummary(op) : `${operationDoc(op, model)[0]} See {@link operations.${op.id}}.`;
    const options = responseHeadersDeclarations(op) ? `operations.${callOptionsTypeName(op)}` : "CallOptions";
    const plain = `(${args}, callOptions?: ${options}) => ${referred ? `ReturnType<typeof operations.${op.id}>` : `Promise<${result.type}>`}`;
    const bound = boundMemberType(op, optional, plain, usedTypes, referred);
    // Compact: the plain method through runtime/operation.ts's alias, not written out per operation.
    const alias = aliasing && bound === undefined && options === "CallOptions" && !referred ? (optional ? "BoundOptional" : "Bound") : undefined;
    if (alias !== undefined) aliases.add(alias);
    const member = bound ?? (alias !== undefined ? `${alias}<operations.${argsTypeName(op)}, ${result.type}>` : plain);
    if (!streamShape(op) && options === "CallOptions" && alias === undefined) plainCallOptions = true;
    return `${docComment([doc], { tags: op.deprecated === true ? [docTag("deprecated")] : [] })}readonly ${op.id}: ${member};`;
  });
  const name = operationsInterfaceName(module.name);
  // The operations come in as one namespace, so no operation id can clash with a name of this file.
  const imports = [importDeclaration(plainCallOptions ? ["CallOptions", "Transport"] : ["Transport"], "../runtime/transport.js", true)];
  const writes = module.operations.some(writesArgs);
  if (!empty) {
    const types = [...[...aliases].sort(), "Operation", ...(writes ? ["OperationMore"] : [])].map((type) => `type ${type}`);
    imports.push(importDeclaration(["bindOperations", ...(routeLines.length > 0 ? ["lines"] : []), "op", ...(routeLines.length > 0 ? ["routeOperations"] : []), ...types], "../runtime/operation.js"));
  }
  const constants = module.operations.some((op) => operationConstants(op) !== undefined);
  if (writes) imports.push(importDeclaration(constants ? [writer, "withConstants"] : [writer], "../runtime/encoding.js"));
  imports.push(...streamsPagesImports(module.operations, "module", refersToFunction));
  const wire = wireImports(module.operations);
  if (wire.styles.length > 0) imports.push(importDeclaration(wire.styles, "../runtime/styles.js"));
  if (wire.body.length > 0) imports.push(importDeclaration(wire.body, "../runtime/form-body.js"));
  if (usedTypes.size > 0) imports.push(importDeclaration([...usedTypes].sort(), "../types.js", true));
  if (!empty) imports.push(`import type * as operations from "../operations/${module.id}.js";`);
  for (const home of [...checks.keys()].sort()) imports.push(importDeclaration([...(checks.get(home) ?? [])].sort(), `../validate/${home}.js`));
  const routeStrings = routeLines.map((_, index) => `routes${index}`);
  const list = [
    ...(routeLines.length > 0 ? [`...routeOperations(moduleName, { write: ${writer} }, [${routeStrings.join(", ")}])`] : []),
    ...described,
  ]
    .map((entry) => `${entry},\n`)
    .join("");
  const statements = [
    ...(empty
      ? []
      : [
          prefixes.length > 0
            ? `${docComment([`The module's name, then the path prefixes its routes share: a route's path (or a later prefix) that starts with digit n starts with the n-th prefix (see \`op\`).`])}const moduleName = ${stringLiteral([module.name, ...prefixes.map((prefix, index) => shortPath(prefix, prefixes.slice(0, index)))].join(" "))};`
            : `const moduleName = ${stringLiteral(module.name)};`,
        ]),
    ...(writes
      ? [
          `${docComment(["The descriptor of an operation of this module whose arguments hold more than path parameters."])}const written = (idRoute: string, more?: OperationMore): Operation => op(moduleName, idRoute, { write: ${writer}, ...more });`,
        ]
      : []),
    ...(routeLines.length > 0
      ? [
          `${docComment([`The operations a route says all about (\`id METHOD /path\`, arguments written by \`written\`), eight to a string: createClient binds every line, a standalone function's descriptor takes its own.`])}${routeLines.map((group, index) => `const routes${index} = ${stringLiteral(group.join("\n"))};`).join("\n")}`,
          `${docComment(["The descriptor of the operation on line `index` of `routes`."])}const routed = (routes: string, index: number): Operation => written(lines(routes)[index]!);`,
        ]
      : []),
    ...(empty ? [] : [descriptors.join("\n")]),
    `${docComment([`${module.title}: ${module.area}.`])}export interface ${name} {
${properties.join("\n")}
}`,
    `${docComment([`The operations of {@link ${name}}, each bound to \`transport\`.`])}export function ${bindFunctionName(module.name)}(${empty ? "_transport" : "transport"}: Transport): ${name} {
return ${empty ? "{}" : bindExpression(module.operations, `bindOperations<${name}>(transport, [\n${list}])`)};
}`,
  ];
  return { path, content: tsFile(imports, statements) };
}

/**
 * Whether the method's result is its function's, named by `ReturnType<typeof operations.<id>>`
 * rather than written out: the result type holds an object type written in place (a `{`), which
 * is a new type wherever it is written, and TypeScript may find it not assignable to a second copy
 * of itself (TS2379, TS2719 under exactOptionalPropertyTypes; see operations-file.ts). A result of
 * named types, arrays and unions of them is one type however often it is written, so it stays
 * written out: resolved by name, with no conditional type for the checker to instantiate.
 */
function refersToFunction(operation: OperationModel): boolean {
  const shape = streamShape(operation);
  return (shape ? shape.itemType : resultShape(operation).type).includes("{");
}

/**
 * `op(moduleName, "id METHOD /path", { limits?, idempotent?, check?, ... })`, the object where the
 * catalogue gives more. One line: the descriptor is data, read by the transport; a call of `op`
 * rather than an object literal, so each of a thousand operations costs its id and route and a few
 * bytes more in a bundle. Its type is the declared Operation (no tuple type for the checker). GET
 * goes unsaid (`id /path`), and the path's shared prefix is a digit (`pathPrefixes`).
 */
function operationData(operation: OperationModel, guard: string | undefined, prefixes: readonly string[], writer: string): { idRoute: string; more: string; expression: string } {
  const more: string[] = [];
  if (operation.limits && operation.limits.length > 0) {
    const limits = operation.limits.map(
      (limit, index) =>
        `{ key: ${stringLiteral(limitBucket(operation, limit, index))}, burst: ${limit.burst}, intervalMs: ${limit.interval.milliseconds}${limitTokens(limit)}${limitErrorCost(limit)} }`,
    );
    more.push(`limits: [${limits.join(", ")}]`);
  }
  more.push(...accessFields(operation));
  if (operation.security) more.push(`security: [${operation.security.map((ids) => `[${ids.map(stringLiteral).join(", ")}]`).join(", ")}]`);
  if (operation.idempotent) more.push("idempotent: true");
  if (guard) more.push(`check: ${guard}`);
  more.push(...descriptorExtras(operation));
  for (const wire of [stylesData(operation), bodyData(operation), constantsData(operation, writer)]) if (wire !== undefined) more.push(wire);
  // GET goes unsaid (op() reads a route of two words as a GET).
  const method = operation.method === "GET" ? "" : `${operation.method} `;
  const idRoute = `${operation.id} ${method}${shortPath(routePath(operation), prefixes)}`;
  const extra = more.length > 0 ? `, { ${more.join(", ")} }` : "";
  const literal = stringLiteral(idRoute);
  return { idRoute, more: extra, expression: writesArgs(operation) ? `written(${literal}${extra})` : `op(moduleName, ${literal}${extra})` };
}

/**
 * Whether the operation's arguments hold more than path parameters (query, headers, cookies, a
 * body: see argsShape), or it pages (the next page's query or body): its descriptor then carries
 * `writeArgs` (`writeQueryAndBody` in a module without header or cookie parameters), which a
 * program calling only path-parameter operations does not bundle.
 */
function writesArgs(operation: OperationModel): boolean {
  return argsShape(operation).members.length > operation.pathParams.length || operation.pagination !== undefined;
}

/** The path an operation's route names (without the `#...` that tells apart two operations of one path). */
function routePath(operation: OperationModel): string {
  return operation.path.replace(/#.*$/, "");
}

/** The path with its longest prefix among `prefixes` written as that prefix's number (1-9). */
function shortPath(path: string, prefixes: readonly string[]): string {
  let best = -1;
  if (path.includes(" ")) return path;
  prefixes.forEach((prefix, index) => {
    if (path.startsWith(prefix) && (best < 0 || prefix.length > (prefixes[best]?.length ?? 0))) best = index;
  });
  return best < 0 ? path : `${best + 1}${path.slice(prefixes[best]?.length ?? 0)}`;
}

/**
 * Up to nine path prefixes (each ending at a `/`) that a module's routes share, chosen greedily by
 * the bytes they save: a route then spells its prefix as one digit, and the module's name string
 * carries each prefix once (about 2 KB of a bundle through createClient at 184 operations). Only
 * paths starting with `/` take part (a digit then cannot be a path's own first character). One
 * pass over each path's own prefixes per choice: linear in the paths.
 */
export function pathPrefixes(paths: readonly string[]): string[] {
  // Each distinct prefix gets a number; each path holds the numbers of its own prefixes (a path
  // with a space takes no part: op() splits the route at spaces).
  const numbers = new Map<string, number>();
  const prefixes: string[] = [];
  const owned = paths.map((path) => {
    const own: number[] = [];
    if (!path.startsWith("/") || path.includes(" ")) return own;
    for (let end = path.indexOf("/", 1); end > 0; end = path.indexOf("/", end + 1)) {
      const prefix = path.slice(0, end + 1);
      let number = numbers.get(prefix);
      if (number === undefined) numbers.set(prefix, (number = prefixes.push(prefix) - 1));
      own.push(number);
    }
    return own;
  });
  const chosen: string[] = [];
  const saved = paths.map(() => 0);
  for (let round = 0; round < 9; round++) {
    const gain = new Float64Array(prefixes.length);
    owned.forEach((own, index) => {
      for (const number of own) {
        // The digit replaces the prefix: this path saves its length less one, beyond what it saves already.
        const more = prefixes[number]!.length - 1 - saved[index]!;
        if (more > 0) gain[number]! += more;
      }
    });
    let best = -1;
    let bestGain = 0;
    gain.forEach((total, number) => {
      // The prefix is written once, with a space, in the module's name string; ties go to the first in code-unit order.
      const net = total - prefixes[number]!.length - 1;
      if (net > bestGain || (net === bestGain && best >= 0 && prefixes[number]! < prefixes[best]!)) [best, bestGain] = [number, net];
    });
    if (best < 0) break;
    const length = prefixes[best]!.length;
    chosen.push(prefixes[best]!);
    owned.forEach((own, index) => {
      if (own.includes(best)) saved[index] = Math.max(saved[index]!, length - 1);
    });
  }
  return chosen;
}
