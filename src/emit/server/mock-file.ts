// server/mock/<module id>.ts: one module's handlers that answer with the catalogue's examples;
// server/mock.ts joins them, one line per module, into `mockHandlers`. Each example is written as
// a literal in a typed position, so an example that does not fit its type (e.g. a discrepancy
// record outside the allowed combinations) fails to compile.
import type { ApiModel, ModuleModel, OperationModel } from "../../model/types.js";
import type { GeneratedFile } from "../types.js";
import { importDeclaration, tsFile } from "../shared/ts-print.js";
import { docComment, stringLiteral } from "../../shared/sinks.js";
import { propertyKey } from "../shared/ts-types.js";
import { isJsonMediaType } from "../../shared/media.js";
import { moduleInterfaceName } from "./names.js";
import { successStatus } from "./operation-types.js";
import { lazyFile } from "../shared/validators.js";

/**
 * A JSON value as a TypeScript expression (`__proto__` as a computed key, so it stays data): on
 * one line when short, otherwise one member a line.
 */
export function jsonLiteral(value: unknown): string {
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "string") return stringLiteral(value);
  if (Array.isArray(value)) return wrapped("[", value.map(jsonLiteral), "]");
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
      const name = key === "__proto__" ? `[${stringLiteral(key)}]` : stringLiteral(key);
      return `${name}: ${jsonLiteral(item)}`;
    });
    return entries.length === 0 ? "{}" : wrapped("{ ", entries, " }");
  }
  return "null";
}

const SHORT = 80;

function wrapped(open: string, items: string[], close: string): string {
  const flat = `${open}${items.join(", ")}${close}`;
  if (flat.length <= SHORT && !flat.includes("\n")) return flat;
  return `${open.trim()}\n${items.map((item) => `${item},\n`).join("")}${close.trim()}`;
}

/** The example of the response the router sends a returned value with, if it has a JSON one. */
export function mockExample(operation: OperationModel): { value: unknown } | undefined {
  const status = String(successStatus(operation));
  const response = operation.responses?.find((candidate) => candidate.status === status);
  const media = response?.content.find((candidate) => isJsonMediaType(candidate.contentType) && "example" in candidate);
  return media ? { value: media.example } : undefined;
}

/** Whether {@link mockExample} finds one: first whether any response has an example at all (most have none). */
export function hasMockExample(operation: OperationModel): boolean {
  return operation.responses?.some((response) => response.content.some((media) => "example" in media)) === true && mockExample(operation) !== undefined;
}

/** `server/mock/<module id>.ts`. */
export function moduleMockPath(module: ModuleModel): string {
  return `server/mock/${module.id}.ts`;
}

function moduleMockName(module: ModuleModel): string {
  return `${module.name}Mock`;
}

function mockEntries(module: ModuleModel): string[] {
  return module.operations.flatMap((operation) => {
    const example = mockExample(operation);
    if (!example) return [];
    const literal = jsonLiteral(example.value);
    // An object literal after `=>` needs parentheses, or it would be read as a block.
    return [`${propertyKey(operation.id)}: () => ${literal.startsWith("{") ? `(${literal})` : literal},`];
  });
}

function moduleMockFile(module: ModuleModel, entries: string[]): string {
  const interfaceName = moduleInterfaceName(module);
  return tsFile(
    [importDeclaration([interfaceName], `../handlers/${module.id}.js`, true)],
    [
      `${docComment([`The ${module.id} module's operations that have a JSON example, answering with it.`])}export const ${moduleMockName(module)}: ${interfaceName} = {
${entries.join("\n")}
};`,
    ],
  );
}

/** mock.ts, joining one file per module that has examples (the others get none). */
export function mockFiles(model: ApiModel, hasExamples: (module: ModuleModel) => boolean = (module) => module.operations.some(hasMockExample)): GeneratedFile[] {
  // A module's entries (every example as a literal) are written only when its file is made: a
  // regenerate that keeps the file never asks.
  const mocked = model.modules.filter(hasExamples);
  // Made when first read, as the modules' files (a regenerate may keep it unmade).
  const index = (): string => tsFile(
    [
      importDeclaration(["Handlers"], "./handlers.js", true),
      ...mocked.map((module) => importDeclaration([moduleMockName(module)], `./mock/${module.id}.js`)),
    ],
    [
      `/**
 * Answers every operation the catalogue gives a JSON example for with that example; the others
 * answer 501. For a sandbox, or for tests of code that calls the API.
 */
export const mockHandlers: Handlers = {
${mocked.map((module) => `${propertyKey(module.name)}: ${moduleMockName(module)},`).join("\n")}
};`,
    ],
  );
  return [
    lazyFile("server/mock.ts", index),
    ...mocked.map((module) => lazyFile(moduleMockPath(module), () => moduleMockFile(module, mockEntries(module)))),
  ];
}
