// mcp/tools/<module id>.ts: the module's operations as tools (data: name, description, input and
// result schemas, who may call it, the client's operation descriptor) and the named schemas they
// reach. Every catalogue text goes in through the JSON and Markdown sinks.
import type { ModuleModel, OperationModel } from "../../model/types.js";
import { docComment, identifier, jsValueText, markdownCode, markdownParagraphs, markdownText } from "../../shared/sinks.js";
import { operationConstName } from "../client/signature.js";
import { limitQualifier, accessText } from "../shared/limits.js";
import { streamedResponse } from "../shared/streamed.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { SchemaContext, toolSchemas } from "./schemas.js";

/** `suppliesTools`: the export of mcp/tools/<module id>.ts. */
export function toolsConstName(module: ModuleModel): string {
  return `${identifier(module.name)}Tools`;
}

/** The operations offered as tools: a streamed response is not one value a tool can return. */
export function toolOperations(module: ModuleModel): OperationModel[] {
  return module.operations.filter((operation) => streamedResponse(operation) === undefined);
}

/** What an agent reads about the tool: purpose, route, tokens, limits, rules, what is not documented. */
export function toolDescription(operation: OperationModel, maxWaitNote: string): string {
  const lines: string[] = [markdownText(operation.summary)];
  if (operation.description !== undefined) lines.push(markdownParagraphs(operation.description));
  if (operation.deprecated) lines.push("Deprecated: prefer another operation where one exists.");
  const facts = [`${operation.method} ${markdownCode(operation.path)}`];
  if (operation.tokens) facts.push(`Tokens: ${operation.tokens.map(markdownText).join(", ")}.`);
  if (operation.limits) {
    const limits = operation.limits.map((limit) => markdownText(`${limit.limit} per ${limit.period.text}${limitQualifier(limit)}`));
    const scopes = [...new Set(operation.limits.map((limit) => limit.scope))];
    facts.push(`Rate limit (per ${markdownText(scopes.join(", "))}): ${limits.join("; ")}. ${maxWaitNote}`);
  }
  const access = accessText(operation);
  if (access !== undefined) facts.push(`Access: ${markdownText(access)}.`);
  for (const constraint of operation.constraints ?? []) facts.push(`Constraint: ${markdownText(constraint)}`);
  const silent = [
    ...(operation.tokens === undefined ? ["tokens"] : []),
    ...(operation.limits === undefined ? ["rate limits"] : []),
    ...(operation.query === undefined ? ["query parameters"] : []),
    ...(operation.request === undefined ? ["request body"] : []),
    ...(operation.responses === undefined ? ["response"] : []),
  ];
  if (silent.length > 0) facts.push(`Not documented: ${silent.join(", ")}.`);
  lines.push(facts.join("\n"));
  return lines.join("\n\n");
}

const WAIT_NOTE = "A call over it waits briefly or answers status rate_limited with retryAfterSeconds: call again only after that.";

export function toolsFile(module: ModuleModel, context: SchemaContext): { path: string; content: string } {
  const operations = toolOperations(module);
  const allRefs = new Set<string>();
  const tools = operations.map((operation) => {
    const schemas = toolSchemas(operation, context);
    const defs = Object.keys(context.defs(schemas.refs));
    for (const name of defs) allRefs.add(name);
    const data = {
      name: operation.id,
      module: module.id,
      title: operation.summary,
      description: toolDescription(operation, WAIT_NOTE),
      input: schemas.input,
      result: schemas.result,
      defs,
      method: operation.method,
      ...(operation.tokens && { tokens: operation.tokens }),
      ...(operation.categories && { categories: operation.categories }),
      ...(operation.readOnlyTokens !== undefined && { readOnlyTokens: operation.readOnlyTokens }),
      ...(operation.idempotent && { idempotent: true }),
    };
    // The JSON text of the data, then the descriptor (code) as its last member.
    const json = jsValueText(data, 2);
    return `${json.slice(0, -2)},\n"operation": ${identifier(operationConstName(operation))}\n}`;
  });
  const imports = [
    importDeclaration(["type Operation"], "../../client/runtime/operation.js"),
    importDeclaration(["type ToolModule"], "../runtime/tools.js"),
    ...(operations.length > 0 ? [importDeclaration(operations.map(operationConstName), `../../client/modules/${module.id}.js`)] : []),
  ];
  const moduleData = jsValueText({ id: module.id, title: module.title, area: module.area, defs: context.defs(allRefs) }, 2);
  const statement = `${docComment([`${module.title}: ${module.area}`, `The module's operations as MCP tools (${operations.length}).`])}export const ${toolsConstName(module)}: ToolModule<Operation> = ${moduleData.slice(0, -2)},\n"tools": [\n${tools.join(",\n")}\n]\n};`;
  return { path: `mcp/tools/${module.id}.ts`, content: tsFile(imports, [statement]) };
}
