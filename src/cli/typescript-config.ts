// catalogen.config.ts and .mts on every supported Node. Node 20 cannot import TypeScript, so the
// file becomes JavaScript here: Node's own type stripping where it has it (22.13+), else (or where
// it refuses the file) the TypeScript compiler that ts-morph bundles, loaded only then. A module
// hook hands that JavaScript to Node under the file's own URL, so the config's imports
// ("catalogen", "./paths.js") resolve from its folder as written; nothing is written to disk
// (a data: URL or a copy in the temporary folder could not resolve "catalogen").
import * as nodeModule from "node:module";
import { pathToFileURL } from "node:url";

const SOURCE_PARAM = "catalogen-source";

/** Runs in Node's hooks thread: a URL carrying its source is that source, as an ES module. */
const LOAD_HOOK = `export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.includes("?${SOURCE_PARAM}=")) return nextLoad(url, context);
  return { format: "module", source: new URL(url).searchParams.get("${SOURCE_PARAM}"), shortCircuit: true };
}`;

let hookRegistered = false;

/** A config that does not compile; the message starts with its file (and line:col where known). */
export class ConfigSyntaxError extends Error {
  override name = "ConfigSyntaxError";
}

/** Imports the TypeScript config file at `path`, whose text is `text`. */
export async function importTypeScript(path: string, text: string): Promise<{ default?: unknown }> {
  const javascript = await toJavaScript(path, text);
  if (!hookRegistered) {
    nodeModule.register(`data:text/javascript,${encodeURIComponent(LOAD_HOOK)}`);
    hookRegistered = true;
  }
  const url = new URL(pathToFileURL(path));
  url.searchParams.set(SOURCE_PARAM, javascript);
  return (await import(url.href)) as { default?: unknown };
}

type StripTypeScriptTypes = (code: string, options?: { mode?: "strip" | "transform" }) => string;

async function toJavaScript(path: string, text: string): Promise<string> {
  const strip = (nodeModule as { stripTypeScriptTypes?: StripTypeScriptTypes }).stripTypeScriptTypes;
  if (strip) {
    try {
      return withoutWarnings(() => strip(text, { mode: "strip" }));
    } catch {
      // Not erasable (an enum) or not valid: the compiler below transforms it or says where it is wrong.
    }
  }
  const { ts } = await import("ts-morph");
  const output = ts.transpileModule(text, {
    fileName: path,
    reportDiagnostics: true,
    // verbatimModuleSyntax: an import is kept unless it says `type`, as Node's type stripping does,
    // so a config behaves the same on every Node.
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  const problem = output.diagnostics?.[0];
  if (problem) {
    const where = problem.file && problem.start !== undefined ? problem.file.getLineAndCharacterOfPosition(problem.start) : undefined;
    const message = firstLine(ts.flattenDiagnosticMessageText(problem.messageText, "\n"));
    throw new ConfigSyntaxError(where ? `${path}:${where.line + 1}:${where.character + 1}: ${message}` : `${path}: ${message}`);
  }
  return output.outputText;
}

/**
 * Node marks stripTypeScriptTypes experimental with a warning on every call; it is catalogen's
 * choice, not the user's, so it is not printed.
 */
function withoutWarnings<T>(action: () => T): T {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return action();
  } finally {
    process.emitWarning = emitWarning;
  }
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0] ?? text;
}
