// Consumer impact: the consumer's own sources type-checked with its own tsconfig, first against the
// client the old version generates and then against the new one, both made in memory and laid over
// the folder the consumer imports the client from. The second check is incremental (a builder
// program over the first): only the files that a changed client module reaches are checked again.
// Each error the new client brings is a call site that stops compiling, told with the operation
// it calls and the finding that explains it.
import { existsSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import type * as TS from "typescript";
import type { ApiModel } from "../model/types.js";
import { displayPath } from "../load/files.js";
import { DiffError } from "./error.js";
import type { CallSite, ConsumerReport, Finding } from "./types.js";

export interface ConsumerOptions {
  before: ApiModel;
  after: ApiModel;
  findings: readonly Finding[];
  dirs: readonly string[];
  cwd: string;
  /** The folder the consumers import the generated client from (absolute). */
  client?: string;
}

export async function checkConsumers(options: ConsumerOptions): Promise<ConsumerReport[]> {
  const client = options.client ?? resolve(options.cwd, "generated/client");
  const [oldFiles, newFiles] = await clientFiles(options.before, options.after);
  const reports: ConsumerReport[] = [];
  for (const dir of options.dirs) reports.push(await checkConsumer(resolve(options.cwd, dir), dir, client, oldFiles, newFiles, options));
  return reports;
}

/**
 * The client target's files of both versions, by path inside the client folder, made in memory.
 * A module whose key (src/reuse/module-keys.ts: what its files are made from) is the same in both
 * versions has the same files: they are made once.
 */
async function clientFiles(before: ApiModel, after: ApiModel): Promise<[Map<string, string>, Map<string, string>]> {
  const [{ chooseTargets, planTarget }, { finalText }, { ModuleKeys }] = await Promise.all([import("../emit/targets.js"), import("../write/final-text.js"), import("../reuse/module-keys.js")]);
  const { target, options: targetOptions } = chooseTargets(["client"]).chosen.find((chosen) => chosen.target.name === "client")!;
  const options = { catalogue: "", out: "" };
  const inside = (path: string): string => path.slice("client/".length);
  const newTexts = new Map<string, string>();
  const newKeys = new Map<string, string>();
  const keysAfter = ModuleKeys.for(after);
  for (const file of await planTarget(target, after, targetOptions)) {
    newTexts.set(inside(file.path), await finalText(file, options));
    if (file.module !== undefined) newKeys.set(file.path, keysAfter.of("client", file.module, file.also));
  }
  const oldTexts = new Map<string, string>();
  const keysBefore = ModuleKeys.for(before);
  for (const file of await planTarget(target, before, targetOptions)) {
    const same = file.module !== undefined && newKeys.get(file.path) === keysBefore.of("client", file.module, file.also);
    oldTexts.set(inside(file.path), same ? newTexts.get(inside(file.path))! : await finalText(file, options));
  }
  return [oldTexts, newTexts];
}

async function checkConsumer(dir: string, given: string, client: string, oldFiles: Map<string, string>, newFiles: Map<string, string>, options: ConsumerOptions): Promise<ConsumerReport> {
  const tsconfig = join(dir, "tsconfig.json");
  if (!existsSync(tsconfig)) throw new DiffError(`--consumer ${given}: no tsconfig.json there (the consumer is checked with its own)`);
  const ts = await typescriptFor(dir);
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, { noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new DiffError(`--consumer ${given}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`);
  } });
  if (!parsed) throw new DiffError(`--consumer ${given}: cannot read ${tsconfig}`);
  const compilerOptions = { ...parsed.options, noEmit: true, incremental: false, composite: false };
  delete compilerOptions.tsBuildInfoFile;
  const clientDir = realClient(client);
  const sourceFiles = new Map<string, TS.SourceFile>(); // one per path and text: the two programs share the unchanged ones
  const program = (files: Map<string, string>, old?: TS.SemanticDiagnosticsBuilderProgram): TS.SemanticDiagnosticsBuilderProgram => {
    const host = overlayHost(ts, compilerOptions, clientDir, files, sourceFiles);
    return ts.createSemanticDiagnosticsBuilderProgram(parsed.fileNames, compilerOptions, host, old);
  };
  const before = program(oldFiles);
  const known = new Set(errorsOf(ts, before, clientDir).map(key));
  const after = program(newFiles, before);
  const broken: CallSite[] = [];
  const operations = new Set([...options.before.modules, ...options.after.modules].flatMap((module) => module.operations.map((operation) => operation.id)));
  for (const diagnostic of errorsOf(ts, after, clientDir)) {
    if (known.has(key(diagnostic))) continue;
    const file = diagnostic.file!;
    const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start!);
    const error = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").split("\n")[0]!;
    const operation = operationAt(ts, after.getProgram(), file, diagnostic.start!, operations);
    const finding = causeOf(options.findings, operation, error, typeNamesAt(ts, after.getProgram(), file, diagnostic.start!));
    broken.push({
      file: displayPath(file.fileName, options.cwd),
      line: line + 1,
      column: character + 1,
      ...(operation !== undefined && { operation }),
      ...(finding && { rule: finding.rule, finding: finding.message }),
      error,
      code: diagnostic.code,
    });
  }
  return { dir: given, tsconfig: displayPath(tsconfig, options.cwd), typescript: ts.version, broken };
}

/** The consumer's own `typescript` when it has the compiler API (7.0's native compiler has none), else catalogen's, else the copy ts-morph bundles. */
async function typescriptFor(dir: string): Promise<typeof TS> {
  const usable = (candidate: unknown): candidate is typeof TS => typeof (candidate as typeof TS | undefined)?.createSemanticDiagnosticsBuilderProgram === "function";
  for (const from of [join(dir, "package.json"), import.meta.url]) {
    try {
      const found = createRequire(from)("typescript") as unknown;
      if (usable(found)) return found;
    } catch {
      // not installed there
    }
  }
  return (await import("ts-morph")).ts as unknown as typeof TS;
}

function realClient(client: string): string {
  try {
    return realpathSync(client);
  } catch {
    return resolve(client);
  }
}

/** A compiler host that sees `files` in place of the client folder's contents, and the rest of the disk as it is. */
function overlayHost(ts: typeof TS, options: TS.CompilerOptions, clientDir: string, files: Map<string, string>, cache: Map<string, TS.SourceFile>): TS.CompilerHost {
  const host = ts.createIncrementalCompilerHost(options);
  const inside = (path: string): string | undefined => {
    const rel = relative(clientDir, resolve(path));
    return rel === "" || rel.startsWith("..") || rel.startsWith(sep) ? undefined : rel.split(sep).join("/");
  };
  const folders = new Set<string>();
  for (const path of files.keys()) for (let folder = dirname(path); folder !== "."; folder = dirname(folder)) folders.add(folder);
  const { fileExists, readFile, directoryExists, getSourceFile } = host;
  host.fileExists = (path) => {
    const rel = inside(path);
    return rel === undefined ? fileExists.call(host, path) : files.has(rel);
  };
  host.readFile = (path) => {
    const rel = inside(path);
    return rel === undefined ? readFile.call(host, path) : files.get(rel);
  };
  host.directoryExists = (path) => {
    const rel = inside(path);
    if (rel !== undefined) return folders.has(rel);
    return resolve(path) === clientDir || (directoryExists?.call(host, path) ?? true);
  };
  host.getSourceFile = (path, language, onError, fresh) => {
    const rel = inside(path);
    if (rel === undefined) return getSourceFile.call(host, path, language, onError, fresh);
    const text = files.get(rel);
    if (text === undefined) return undefined;
    const id = `${path}\0${text.length}\0${text}`;
    let file = cache.get(id);
    if (!file) {
      file = ts.createSourceFile(path, text, language);
      (file as { version?: string }).version = host.createHash?.(text) ?? String(text.length);
      cache.set(id, file);
    }
    return file;
  };
  return host;
}

/** The errors in the consumer's own files (not the client's, not a library's). */
function errorsOf(ts: typeof TS, builder: TS.SemanticDiagnosticsBuilderProgram, clientDir: string): TS.Diagnostic[] {
  const own = (diagnostic: TS.Diagnostic): boolean => {
    const name = diagnostic.file?.fileName;
    return name !== undefined && diagnostic.start !== undefined && diagnostic.category === ts.DiagnosticCategory.Error && !resolve(name).startsWith(clientDir + sep) && !name.includes("/node_modules/");
  };
  return [...builder.getSyntacticDiagnostics(), ...builder.getSemanticDiagnostics()].filter(own);
}

function key(diagnostic: TS.Diagnostic): string {
  return `${diagnostic.file?.fileName}:${diagnostic.start}:${diagnostic.code}`;
}

/** The innermost node of `file` holding `position`. */
function nodeAt(ts: typeof TS, file: TS.SourceFile, position: number): TS.Node {
  let node: TS.Node = file;
  for (;;) {
    const child: TS.Node | undefined = ts.forEachChild(node, (candidate) => (candidate.getStart(file) <= position && position < candidate.getEnd() ? candidate : undefined));
    if (!child) return node;
    node = child;
  }
}

/** The operation called where the error is: an enclosing call of it, else the call whose result the erring expression's variable holds. */
function operationAt(ts: typeof TS, program: TS.Program, file: TS.SourceFile, position: number, operations: Set<string>): string | undefined {
  const called = (node: TS.Node): string | undefined => {
    if (!ts.isCallExpression(node)) return undefined;
    const callee = node.expression;
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
    return name !== undefined && operations.has(name) ? name : undefined;
  };
  const within = (node: TS.Node): string | undefined => called(node) ?? ts.forEachChild(node, within);
  const checker = program.getTypeChecker();
  for (let node: TS.Node | undefined = nodeAt(ts, file, position); node; node = node.parent) {
    const found = called(node);
    if (found) return found;
    // `result.total` where `const result = await api.items.list(...)`.
    if (ts.isIdentifier(node)) {
      const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        const fromInitializer = within(declaration.initializer);
        if (fromInitializer) return fromInitializer;
      }
    }
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      let root: TS.Expression = node;
      while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root) || ts.isCallExpression(root) || ts.isNonNullExpression(root) || ts.isParenthesizedExpression(root) || ts.isAwaitExpression(root)) root = root.expression;
      if (ts.isIdentifier(root)) {
        const declaration = checker.getSymbolAtLocation(root)?.valueDeclaration;
        if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
          const fromInitializer = within(declaration.initializer);
          if (fromInitializer) return fromInitializer;
        }
      }
    }
    if (ts.isStatement(node)) break;
  }
  return undefined;
}

/**
 * Type names at the error: written there (an import, an annotation), and the types of the objects
 * whose properties the erring statement reads (`order.total` gives `order`'s type, Order).
 */
function typeNamesAt(ts: typeof TS, program: TS.Program, file: TS.SourceFile, position: number): string[] {
  const names: string[] = [];
  const checker = program.getTypeChecker();
  let statement: TS.Node | undefined;
  for (let node: TS.Node | undefined = nodeAt(ts, file, position); node && !ts.isSourceFile(node); node = node.parent) {
    if (ts.isIdentifier(node)) names.push(node.text);
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) names.push(node.typeName.text);
    if (ts.isImportSpecifier(node)) names.push((node.propertyName ?? node.name).text);
    if (!statement && ts.isStatement(node)) statement = node;
  }
  const typeNames = (type: TS.Type): void => {
    for (const part of type.isUnion() ? type.types : [type]) {
      const name = part.aliasSymbol?.name ?? part.getSymbol()?.name;
      if (name !== undefined) names.push(name);
    }
  };
  const visit = (node: TS.Node): void => {
    if (ts.isPropertyAccessExpression(node)) typeNames(checker.getTypeAtLocation(node.expression));
    ts.forEachChild(node, visit);
  };
  if (statement) visit(statement);
  return names;
}

/**
 * The finding behind an error, among the breaking findings for clients of the operation called
 * there or of a type met there: the one the compiler's message points at most (it names the
 * property or parameter the finding is about, or a value the finding gives), an operation's own
 * before a type's.
 */
function causeOf(findings: readonly Finding[], operation: string | undefined, error: string, types: readonly string[]): Finding | undefined {
  let best: Finding | undefined;
  let bestScore = 0;
  for (const finding of findings) {
    if (finding.level !== "breaking" || finding.side === "server") continue;
    const own = operation !== undefined && (finding.operation === operation || finding.renamedFrom === operation);
    const reached = (operation !== undefined && finding.operations?.includes(operation)) || (finding.type !== undefined && types.includes(finding.type));
    if (!own && !reached) continue;
    const word = /([A-Za-z0-9_$-]+)(?:\[\]|\{\})*$/.exec(finding.subject.replace(/ \(.*\)$/, ""))?.[1] ?? "";
    const values = [...finding.message.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
    const score = (own ? 2 : 1) + (word !== "" && error.includes(`'${word}'`) ? 4 : word !== "" && error.includes(word) ? 2 : 0) + (values.some((value) => error.includes(value)) ? 4 : 0);
    if (score > bestScore) [best, bestScore] = [finding, score];
  }
  return best;
}
