// One entry per CLI command: its flags (for parsing and --help) and what it does.
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { IMPORT_EXTENSIONS, type ImportExtension } from "../emit/shared/ts-print.js";
import { check, generate, loadModel } from "../pipeline.js";
import { DEFAULT_TARGETS, TARGETS } from "../emit/types.js";
import type { ResolvedConfig } from "./config.js";
import type { RateLimit } from "../model/types.js";
import type { Command, Option } from "./command.js";
import { docPage } from "../shared/doc-pages.js";
import { shown, UsageError } from "./io.js";
import { ConfinedFileError, describeRefusal, readConfinedFile, realFolder } from "../shared/confined-files.js";
import { progress } from "./progress.js";
import { diffCommand } from "./diff.js";

const catalogueOption: Option = { type: "string", valueName: "dir", description: "Catalogue folder (default: catalogue)" };
const outOption: Option = { type: "string", valueName: "dir", description: "Output folder (default: generated)" };
const importExtensionOption: Option = {
  type: "string",
  valueName: "js|ts",
  description: "Extension of relative imports in the generated client and server and in scaffolded handlers (default: config importExtension, else js)",
};

export const COMMANDS: Command[] = [
  {
    name: "generate",
    summary: "Generate the client, server, docs and OpenAPI from the catalogue",
    options: {
      catalogue: catalogueOption,
      out: outOption,
      target: { type: "string", valueName: "list", description: `Comma-separated targets: ${DEFAULT_TARGETS.join(",")} (the default), ${TARGETS.filter((name) => !DEFAULT_TARGETS.includes(name)).join(", ")}, or a plugin's` },
      check: { type: "boolean", description: "Write nothing; exit 1 naming every stale, missing or extra file" },
      watch: { type: "boolean", description: "Regenerate on every change of the catalogue or config until Ctrl-C" },
      format: { type: "string", valueName: "prettier", description: "Format the output with the prettier config of the out folder" },
      "import-extension": importExtensionOption,
      "module-format": { type: "string", valueName: "esm|commonjs", description: "Module type the client's and server's package.json declare; commonjs for a CommonJS project compiling with outDir (default: config moduleFormat, else esm)" },
      "openapi-version": { type: "string", valueName: "3.1|3.2", description: "OpenAPI version of openapi.json: 3.2 describes streamed responses with itemSchema (default: config openapiVersion, else 3.1)" },
      compact: { type: "boolean", description: `For very large APIs: one-line operation docs, no Standard Schema objects in the client (default: config compact, else off; ${docPage("compact.md")})` },
      verbose: { type: "boolean", description: "List every file written or removed after the summary" },
      quiet: { type: "boolean", description: "Print nothing but errors" },
    },
    async run({ config, flags, io }) {
      if (flags.watch) {
        if (flags.check) throw new UsageError("--watch and --check do not go together");
        const { watchAndGenerate } = await import("./watch.js");
        // Each run is this command without --watch, on the config as it is then.
        return watchAndGenerate({ config, flags, io, generateOnce: (context) => this.run({ ...context, flags: { ...context.flags, watch: false } }) });
      }
      if (config.projects !== undefined && config.projects.length > 1) {
        if (typeof flags.out === "string") throw new UsageError(`the config has ${config.projects.length} projects, each with its own output folder: leave out --out (or give --catalogue too)`);
        // Every project, even after one fails (--check names every stale file of each).
        let code = 0;
        for (const { projects: _all, ...project } of config.projects) code = Math.max(code, await this.run({ config: project, flags, io }));
        return code;
      }
      const started = performance.now();
      const took = () => formatDuration(performance.now() - started);
      const outDir = typeof flags.out === "string" ? resolve(io.cwd, flags.out) : config.out;
      const format = typeof flags.format === "string" ? flags.format : config.format;
      if (format !== undefined && format !== "prettier") throw new UsageError(`unknown format "${format}"; use prettier or leave it out`);
      const importExtension = importExtensionOf(flags, config);
      const given = typeof flags["module-format"] === "string" ? flags["module-format"] : config.moduleFormat;
      if (given !== undefined && given !== "esm" && given !== "commonjs") throw new UsageError(`unknown module format "${given}"; use esm or commonjs`);
      const moduleFormat: "esm" | "commonjs" | undefined = given;
      const version = typeof flags["openapi-version"] === "string" ? flags["openapi-version"] : config.openapiVersion;
      if (version !== undefined && version !== "3.1" && version !== "3.2") throw new UsageError(`unknown OpenAPI version "${version}"; use 3.1 or 3.2`);
      const openapiVersion: "3.1" | "3.2" | undefined = version;
      const options = {
        catalogue: config.catalogue,
        out: outDir,
        targets: config.targets,
        plugins: config.plugins,
        // The config's targets are the whole output; --target makes some of it and leaves the rest.
        otherTargets: typeof flags.target === "string" ? ("keep" as const) : ("remove" as const),
        ...(format && { format: "prettier" as const }),
        ...(importExtension && { importExtension }),
        ...(moduleFormat && { moduleFormat }),
        ...(openapiVersion && { openapiVersion }),
        ...((flags.compact === true || config.compact !== undefined) && { compact: flags.compact === true || config.compact === true }),
      };
      const out = shown(outDir, io.cwd);
      if (flags.check) {
        const report = await check(options);
        const problems = [
          ...report.stale.map((path) => `  stale:   ${out}/${path}`),
          ...report.missing.map((path) => `  missing: ${out}/${path}`),
          ...report.extra.map((path) => `  extra:   ${out}/${path}`),
          ...(report.unfinished ? [`  unfinished: ${out}/${report.unfinished} (a generate was killed while putting files in place; the next generate finishes it)`] : []),
        ];
        if (problems.length === 0) {
          io.out(`catalogen: ${out} is up to date with ${shown(config.catalogue, io.cwd)} (${took()})`);
          return 0;
        }
        io.err(`catalogen: ${out} does not match the catalogue:\n${problems.join("\n")}`);
        // What changed in the API, from the openapi.json the stale output holds (src/diff/stale.ts).
        for (const line of await (await import("../diff/stale.js")).staleSummary(outDir, config.catalogue, io.cwd)) io.err(line);
        io.err("run `npx catalogen generate` and commit the result");
        return 1;
      }
      const status = progress(io);
      status.stage(`reading ${shown(config.catalogue, io.cwd)}`);
      const result = await generate({ ...options, ...(io.conversions && { conversions: io.conversions }), onProgress: (done, target) => status.count(`writing files (${target})`, done) }).finally(() => status.end());
      io.sourceInputs?.(config.catalogue, result.report.sourceInputs);
      if (process.env.CATALOGEN_TIMINGS === "1") io.err((await import("../shared/timings.js")).timingsText(result.report.timings));
      if (result.finished) io.out(`catalogen: ${out}: finished the commit a killed run left half done (${result.finished.renamed} put in place, ${result.finished.removed} removed)`);
      if (result.upToDate) io.out(`catalogen: ${out} is up to date (${took()})`);
      else {
        io.madeTargets?.();
        const { written, unchanged, removed } = result;
        io.out(`catalogen: ${out}: ${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed (${took()})`);
        if (result.droppedTargets) {
          const names = result.droppedTargets.join(", ");
          io.out(`catalogen: removed the files of ${result.droppedTargets.length === 1 ? "target" : "targets"} ${names}, no longer in targets (files you put in ${out} are left alone)`);
        }
        if (flags.verbose) {
          for (const path of written) io.out(`  wrote   ${out}/${path}`);
          for (const path of removed) io.out(`  removed ${out}/${path}`);
        }
      }
      return 0;
    },
  },
  {
    name: "init",
    summary: "Write a starter catalogue and add the catalogen config to package.json; never overwrites a file",
    options: {
      catalogue: { type: "string", valueName: "dir", description: "Folder for the starter catalogue (default: catalogue)" },
      from: { type: "string", valueName: "openapi.yaml", description: "Take the operations and types from this OpenAPI document, read on every generate (a living source)" },
    },
    async run({ config, flags, io }) {
      const { init } = await import("./init.js");
      return init({ config, io, ...(typeof flags.from === "string" && { from: flags.from }) });
    },
  },
  {
    name: "validate",
    summary: "Check the catalogue and report every problem with its file:line:col",
    options: { catalogue: catalogueOption },
    async run({ config, io }) {
      const model = await loadModel(config.catalogue);
      const count = model.modules.reduce((sum, module) => sum + module.operations.length, 0);
      io.out(`catalogen: ${shown(config.catalogue, io.cwd)} is valid: ${count} operations in ${model.modules.length} module${model.modules.length === 1 ? "" : "s"}`);
      return 0;
    },
  },
  {
    name: "list",
    summary: "List the catalogue's operations",
    options: { catalogue: catalogueOption, json: { type: "boolean", description: "Print the operations as JSON" } },
    async run({ config, flags, io }) {
      const model = await loadModel(config.catalogue);
      const operations = model.modules.flatMap((module) => module.operations);
      if (flags.json) {
        const rows = operations.map((operation) => ({
          id: operation.id,
          module: operation.module,
          method: operation.method,
          path: operation.path,
          summary: operation.summary,
          tokens: operation.tokens ?? null,
          limits: operation.limits ?? null,
          servers: operation.servers ?? null,
          constraints: operation.constraints ?? null,
          // The model says where from the catalogue folder; a message says it from the working folder.
          source: { ...operation.source, file: shown(resolve(io.cwd, config.catalogue, operation.source.file), io.cwd) },
        }));
        io.out(JSON.stringify(rows, null, 2));
        return 0;
      }
      const { limitQualifier } = await import("../emit/shared/limits.js");
      const limitText = (limit: RateLimit): string => `${limit.limit} per ${limit.period.text}${limitQualifier(limit)}`;
      for (const operation of operations) {
        const extras = [
          ...(operation.servers ? [`servers: ${operation.servers.join(", ")}`] : []),
          ...(operation.limits ? [`limits: ${operation.limits.map(limitText).join("; ")}`] : []),
        ];
        io.out(`${operation.module.padEnd(16)} ${operation.method.padEnd(7)} ${operation.path.padEnd(64)} ${[operation.id, ...extras].join("  ")}`);
      }
      io.out(`${operations.length} operations in ${model.modules.length} module${model.modules.length === 1 ? "" : "s"}`);
      return 0;
    },
  },
  {
    name: "scaffold",
    summary: "Write handler files for the generated server, once; report handlers the catalogue added since",
    options: {
      catalogue: catalogueOption,
      out: { type: "string", valueName: "dir", description: "Folder for the handler files (default: config scaffold.out)" },
      server: { type: "string", valueName: "dir", description: "The generated server they import (default: <generate out>/server)" },
      force: { type: "boolean", description: "Replace existing handler files (your edits are lost)" },
      "import-extension": importExtensionOption,
    },
    async run({ config, flags, io }) {
      const outDir = typeof flags.out === "string" ? resolve(io.cwd, flags.out) : config.scaffoldOut;
      if (outDir === undefined) throw new UsageError("say where the handlers go: --out DIR (or scaffold.out in the config)");
      const serverDir = typeof flags.server === "string" ? resolve(io.cwd, flags.server) : join(config.out, "server");
      const { scaffoldHandlers, formatScaffoldReport } = await import("../scaffold/index.js");
      const importExtension = importExtensionOf(flags, config);
      const report = await scaffoldHandlers(await loadModel(config.catalogue), {
        outDir,
        serverDir,
        force: flags.force === true,
        ...(importExtension && { importExtension }),
      });
      io.out(formatScaffoldReport(report, shown(outDir, io.cwd)));
      return 0;
    },
  },
  {
    name: "mock",
    summary: "Serve every operation with mock answers, enforcing auth, token kinds and rate limits, until Ctrl-C",
    options: {
      catalogue: catalogueOption,
      port: { type: "string", valueName: "n", description: "Port (default 4010, or a free one when 4010 is taken; 0: a free one)" },
      host: { type: "string", valueName: "host", description: "Address to listen on (default 127.0.0.1)" },
      seed: { type: "string", valueName: "n", description: "Seed of the values made up where the catalogue has no example (default 1)" },
      tokens: { type: "string", valueName: "file", description: "Token table, one token=<principal>Id:kind a line (default: config mock.tokens, else a development token per token kind, printed)" },
    },
    async run({ config, flags, io }) {
      const { runMock } = await import("../mock/cli.js");
      return runMock({ config, flags, io });
    },
  },
  {
    name: "mcp",
    summary: "Serve the catalogue's operations as MCP tools for agents (stdio, or Streamable HTTP), calling the API with the token from the environment",
    options: {
      catalogue: catalogueOption,
      http: { type: "string", valueName: "port", description: "Serve Streamable HTTP on this port at /mcp instead of stdio (0: a free one)" },
      host: { type: "string", valueName: "host", description: "Address for --http (default 127.0.0.1; beyond loopback PREFIX_MCP_ACCESS_TOKEN must be set, and every request brings it as a bearer token)" },
      "base-url": { type: "string", valueName: "url", description: "The API's base URL (default: env API_BASE_URL, else the catalogue's servers)" },
      tools: { type: "string", valueName: "operation|module", description: "One tool per operation (default) or per module with an operation argument" },
      "env-prefix": { type: "string", valueName: "PREFIX", description: "Prefix of the environment variables read: PREFIX_TOKEN, PREFIX_TOKEN_KIND ... (default API)" },
    },
    async run({ config, flags, io }) {
      const { runMcp } = await import("../mcp/cli.js");
      return runMcp({ config, flags, io });
    },
  },
  diffCommand,
  {
    name: "import",
    summary: "Write a catalogue from an OpenAPI 3.0/3.1 or Swagger 2.0 document, reporting everything it cannot hold",
    positionals: "<file.json|yaml>",
    options: {
      out: { type: "string", valueName: "dir", required: true, description: "Catalogue folder to write" },
      "module-by": { type: "string", valueName: "tag|path", description: "One module per tag (default) or per first path segment" },
      force: { type: "boolean", description: "Replace the catalogue already in --out" },
      report: { type: "string", valueName: "file", description: "Also write the full import report to this file" },
      "token-kinds-extension": { type: "string", valueName: "x-...", description: "Operation extension that lists accepted token kinds" },
      "limits-extension": { type: "string", valueName: "x-...", description: "Operation extension that holds rate limits" },
      quiet: { type: "boolean", description: "Print nothing but errors" },
      "allow-ref-dir": { type: "string", multiple: true, valueName: "dir", description: "A folder besides the document's own that $refs may reach (repeatable; default: config import.allowRefDirs)" },
      "limit-table-words": { type: "string", valueName: "file.json", description: "Words added to the dictionary of rate-limit tables in descriptions (default: config import.limitTableWords)" },
      "categories-extension": { type: "string", valueName: "x-...", description: "Operation extension with the token categories that may call it (default x-category)" },
      "readonly-extension": { type: "string", valueName: "x-...", description: "Operation extension saying whether a read-only token may call it (default x-readonly-method)" },
    },
    async run({ config, flags, io }) {
      const [file, ...extra] = flags._ as string[];
      if (file === undefined || extra.length > 0) throw new UsageError("give exactly one OpenAPI document: catalogen import <file.json|yaml> --out DIR");
      if (typeof flags.out !== "string") throw new UsageError("say where the catalogue goes: --out DIR");
      const moduleBy = flags["module-by"] ?? "tag";
      if (moduleBy !== "tag" && moduleBy !== "path") throw new UsageError(`--module-by takes tag or path, not "${String(moduleBy)}"`);
      for (const flag of ["token-kinds-extension", "limits-extension", "categories-extension", "readonly-extension"]) {
        const value = flags[flag];
        if (value !== undefined && !/^x-[A-Za-z0-9._-]+$/.test(String(value))) throw new UsageError(`--${flag} names a vendor extension, x-...; got "${String(value)}"`);
      }
      const { importDocument, writeCatalogue, ImportError } = await import("../import/index.js");
      const status = progress(io);
      try {
        const wordsFile = flags["limit-table-words"];
        const limitTableWords = typeof wordsFile === "string" ? await readWordsFile(resolve(io.cwd, wordsFile), io.cwd, ImportError) : config.limitTableWords;
        status.stageNow(`reading ${file}`);
        const { catalogue, report } = await importDocument(resolve(io.cwd, file), {
          ...(limitTableWords !== undefined && { limitTableWords }),
          ...(typeof flags["categories-extension"] === "string" && { categoriesExtension: flags["categories-extension"] }),
          ...(typeof flags["readonly-extension"] === "string" && { readOnlyExtension: flags["readonly-extension"] }),
          moduleBy,
          cwd: io.cwd,
          allowRefDirs: Array.isArray(flags["allow-ref-dir"]) ? (flags["allow-ref-dir"] as string[]).map((dir) => resolve(io.cwd, dir)) : (config.importAllowRefDirs ?? []),
          ...(typeof flags["token-kinds-extension"] === "string" && { tokenKindsExtension: flags["token-kinds-extension"] }),
          ...(typeof flags["limits-extension"] === "string" && { limitsExtension: flags["limits-extension"] }),
        });
        const outDir = resolve(io.cwd, flags.out);
        const operations = catalogue.modules.reduce((sum, module) => sum + module.operations.length, 0);
        status.stageNow(`writing and checking ${operations.toLocaleString("en-US")} operations in ${catalogue.modules.length} modules`);
        const { files } = await writeCatalogue(catalogue, outDir, { force: flags.force === true }).finally(() => status.end());
        if (typeof flags.report === "string") await writeFile(resolve(io.cwd, flags.report), report.toText());
        io.out(`catalogen: imported ${operations} operations in ${catalogue.modules.length} modules into ${shown(outDir, io.cwd)} (${files.length} files)`);
        io.out(report.summary().trimEnd());
        if (typeof flags.report !== "string" && report.losses.length + report.renames.length + report.derived.length > 40) io.out("the full list: --report FILE");
        return 0;
      } catch (error) {
        status.end();
        if (error instanceof ImportError) {
          io.err(`catalogen import: ${error.message}`);
          return 1;
        }
        throw error;
      }
    },
  },
];

/**
 * The JSON file of --limit-table-words, a regular file inside the folder the command runs in; an
 * unreadable one is the importer's clear error.
 */
async function readWordsFile(path: string, cwd: string, ImportError: new (message: string) => Error): Promise<unknown> {
  let text: string;
  try {
    text = readConfinedFile(path, [realFolder(cwd)], MAX_WORDS_BYTES).bytes.toString("utf8");
  } catch (error) {
    if (!(error instanceof ConfinedFileError)) throw new ImportError(`--limit-table-words: cannot read ${path}`);
    throw new ImportError(`--limit-table-words: ${path}: ${describeRefusal(error.refusal, "the folder catalogen runs in")}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ImportError(`--limit-table-words: ${path} is not JSON (${(error as Error).message})`);
  }
}

/** Largest --limit-table-words file read. */
const MAX_WORDS_BYTES = 1024 * 1024;

/** --import-extension, else the config's importExtension. */
function importExtensionOf(flags: Record<string, unknown>, config: ResolvedConfig): ImportExtension | undefined {
  const value = flags["import-extension"];
  if (typeof value !== "string") return config.importExtension;
  const known = IMPORT_EXTENSIONS.find((extension) => extension === value);
  if (known === undefined) throw new UsageError(`unknown import extension "${value}"; use js or ts`);
  return known;
}

/** 412 ms, 1.3 s */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
