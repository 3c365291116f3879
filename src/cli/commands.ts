// One entry per CLI command: its flags (for parsing and --help) and what it does.
import { join, resolve } from "node:path";
import { check, generate, loadModel } from "../pipeline.js";
import type { ResolvedConfig } from "./config.js";
import { shown, UsageError, type Io } from "./main.js";

interface Option {
  type: "string" | "boolean";
  description: string;
  valueName?: string;
}

export interface Command {
  name: string;
  summary: string;
  options: Record<string, Option>;
  run(context: { config: ResolvedConfig; flags: Record<string, unknown>; io: Io }): Promise<number>;
}

const catalogueOption: Option = { type: "string", valueName: "dir", description: "Catalogue folder (default: catalogue)" };
const outOption: Option = { type: "string", valueName: "dir", description: "Output folder (default: generated)" };

export const COMMANDS: Command[] = [
  {
    name: "generate",
    summary: "Generate the client, server, docs and OpenAPI from the catalogue",
    options: {
      catalogue: catalogueOption,
      out: outOption,
      target: { type: "string", valueName: "list", description: "Comma-separated targets: client,server,docs,openapi" },
      check: { type: "boolean", description: "Write nothing; exit 1 naming every stale, missing or extra file" },
      format: { type: "string", valueName: "prettier", description: "Format the output with the prettier config of the out folder" },
    },
    async run({ config, flags, io }) {
      const outDir = typeof flags.out === "string" ? resolve(io.cwd, flags.out) : config.out;
      const format = typeof flags.format === "string" ? flags.format : config.format;
      if (format !== undefined && format !== "prettier") throw new UsageError(`unknown format "${format}"; use prettier or leave it out`);
      const options = { catalogue: config.catalogue, out: outDir, targets: config.targets, ...(format && { format: "prettier" as const }) };
      const out = shown(outDir, io.cwd);
      if (flags.check) {
        const report = await check(options);
        const problems = [
          ...report.stale.map((path) => `  stale:   ${out}/${path}`),
          ...report.missing.map((path) => `  missing: ${out}/${path}`),
          ...report.extra.map((path) => `  extra:   ${out}/${path}`),
        ];
        if (problems.length === 0) {
          io.out(`catalogen: ${out} is up to date with ${shown(config.catalogue, io.cwd)}`);
          return 0;
        }
        io.err(`catalogen: ${out} does not match the catalogue:\n${problems.join("\n")}\nrun \`npx catalogen generate\` and commit the result`);
        return 1;
      }
      const result = await generate(options);
      if (result.upToDate) io.out(`catalogen: ${out} is up to date`);
      else {
        const { written, unchanged, removed } = result;
        io.out(`catalogen: ${out}: ${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed`);
        for (const path of written) io.out(`  wrote   ${out}/${path}`);
        for (const path of removed) io.out(`  removed ${out}/${path}`);
      }
      return 0;
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
          constraints: operation.constraints ?? null,
          source: operation.source,
        }));
        io.out(JSON.stringify(rows, null, 2));
        return 0;
      }
      for (const operation of operations) {
        io.out(`${operation.module.padEnd(16)} ${operation.method.padEnd(7)} ${operation.path.padEnd(64)} ${operation.id}`);
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
    },
    async run({ config, flags, io }) {
      const outDir = typeof flags.out === "string" ? resolve(io.cwd, flags.out) : config.scaffoldOut;
      if (outDir === undefined) throw new UsageError("say where the handlers go: --out DIR (or scaffold.out in the config)");
      const serverDir = typeof flags.server === "string" ? resolve(io.cwd, flags.server) : join(config.out, "server");
      const { scaffoldHandlers, formatScaffoldReport } = await import("../scaffold/index.js");
      const report = await scaffoldHandlers(await loadModel(config.catalogue), { outDir, serverDir, force: flags.force === true });
      io.out(formatScaffoldReport(report, shown(outDir, io.cwd)));
      return 0;
    },
  },
];
