// `catalogen diff`: what a change of the catalogue (or of an OpenAPI document) breaks, for whom.
import { join, resolve } from "node:path";
import type { Command } from "./command.js";
import { shown, UsageError } from "./io.js";

const FORMATS = ["text", "markdown", "json"] as const;
const FAIL_ON = ["breaking", "client", "server"] as const;

export const diffCommand: Command = {
  name: "diff",
  summary: "Compare two versions of the API (catalogue folders, OpenAPI documents, or the catalogue at a git revision) and say what breaks for clients and servers",
  positionals: "[OLD] [NEW]",
  options: {
    since: { type: "string", valueName: "rev", description: "Compare the catalogue as it was at this git revision (read with git, nothing checked out) with NEW (default: the catalogue)" },
    catalogue: { type: "string", valueName: "dir", description: "The catalogue folder --since reads at the revision, and NEW when only OLD is given (default: catalogue)" },
    format: { type: "string", valueName: "text|markdown|json", description: "text (default; prints nothing when nothing changed), markdown (a changelog section) or json (docs/diff.md gives the schema)" },
    "fail-on": { type: "string", valueName: "breaking|client|server", description: "Exit 1 when something breaks: anything, clients (a consumer call site included) or servers" },
    consumer: { type: "string", multiple: true, valueName: "dir", description: "Type-check this project's sources against the new client and name each call site that stops compiling (repeatable)" },
    client: { type: "string", valueName: "dir", description: "The generated client the consumers import (default: <out>/client)" },
  },
  async run({ config, flags, io }) {
    const positionals = flags._ as string[];
    const format = typeof flags.format === "string" ? flags.format : "text";
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format takes text, markdown or json, not "${format}"`);
    const failOn = flags["fail-on"];
    if (failOn !== undefined && !(FAIL_ON as readonly unknown[]).includes(failOn)) throw new UsageError(`--fail-on takes breaking, client or server, not "${String(failOn)}"`);
    const since = typeof flags.since === "string" ? flags.since : undefined;
    if (positionals.length > (since === undefined ? 2 : 1)) throw new UsageError(since === undefined ? "give at most two versions: catalogen diff OLD NEW" : "with --since give at most one version, the new one: catalogen diff --since REV [NEW]");
    if (since === undefined && positionals.length === 0) throw new UsageError("say what to compare: catalogen diff OLD NEW, catalogen diff OLD (against the catalogue), or catalogen diff --since REV");
    const catalogue = { kind: "path" as const, path: shown(config.catalogue, io.cwd) };
    const [first, second] = positionals;
    const old = since !== undefined ? { kind: "revision" as const, revision: since, catalogue: config.catalogue } : { kind: "path" as const, path: first! };
    const next = since !== undefined ? (first !== undefined ? { kind: "path" as const, path: first } : catalogue) : second !== undefined ? { kind: "path" as const, path: second } : catalogue;
    const consumers = Array.isArray(flags.consumer) ? (flags.consumer as string[]) : [];
    const { diff, fails, DiffError } = await import("../diff/index.js");
    const { renderJson, renderMarkdown, renderText } = await import("../diff/render.js");
    let report;
    try {
      report = await diff({ old, new: next, cwd: io.cwd, consumers, client: typeof flags.client === "string" ? resolve(io.cwd, flags.client) : join(config.out, "client") });
    } catch (error) {
      if (error instanceof DiffError) {
        io.err(`catalogen diff: ${error.message}`);
        return 2;
      }
      throw error;
    }
    const text = format === "json" ? renderJson(report) : format === "markdown" ? renderMarkdown(report) : renderText(report);
    if (text !== "") io.out(text.trimEnd());
    return fails(report, failOn as (typeof FAIL_ON)[number] | undefined) ? 1 : 0;
  },
};
