// Writes a catalogue into a fresh folder and runs the real CLI on it, capturing what it prints.
import { spawn } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { freshDir, repoRoot } from "../helpers/generate.js";

export const API = `api:
  title: Test API
  auth:
    header: Authorization
    tokenKinds:
      - { id: personal, description: Personal token }
`;

/** A catalogue folder holding `files` and, unless they give one, api.yaml (`api`, by default API). */
export async function writeCatalogue(files: Record<string, string>, api = API): Promise<string> {
  const dir = await freshDir("catalogue");
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries({ "api.yaml": api, ...files })) await writeFile(join(dir, name), text);
  return dir;
}

/** A catalogue that must be refused, and the diagnostics it must get. */
export interface RefusalCase {
  name: string;
  /** Module files (api.yaml is added unless given). */
  files: Record<string, string>;
  /** Each expected diagnostic: `file:line:col` and a message fragment. */
  errors: [at: string, message: string][];
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** `file:line:col` (file name only) and message of each diagnostic printed. */
  errors: [string, string][];
}

export async function runCli(args: string[], cwd: string): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, { out: (text) => (stdout += `${text}\n`), err: (text) => (stderr += `${text}\n`), cwd });
  const errors = [...stderr.matchAll(/^(\S+?:\d+:\d+): error: (.*)$/gm)].map((m): [string, string] => [m[1]!.replace(/^.*\//, ""), m[2]!]);
  return { code, stdout, stderr, errors };
}

/** Generates into `<catalogue>/out`; the run and whether anything was written there. */
export async function generateInto(catalogue: string, targets?: string): Promise<CliRun & { out: string; written: boolean }> {
  const out = join(catalogue, "out");
  const run = await runCli(["generate", "--catalogue", catalogue, "--out", out, ...(targets ? ["--target", targets] : [])], catalogue);
  const written = await readdir(out).then(
    () => true,
    () => false,
  );
  return { ...run, out, written };
}

/** Every .ts file under `dir`, sorted. */
export async function tsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith(".ts")).map((name) => join(dir, name)).sort();
}

/** A `catalogen generate --watch` process: what it printed so far, a wait for a line, and Ctrl-C. */
export interface WatchProcess {
  out(): string;
  err(): string;
  /** Resolves once `pattern` is on stdout `count` times; throws after 20 s with both outputs. */
  waitFor(pattern: RegExp, count?: number): Promise<void>;
  /** SIGINT, then the exit code. */
  stop(): Promise<number | null>;
}

/** `node bin/catalogen.js generate --watch <args>` in `cwd`, the real CLI process. */
export function startWatch(cwd: string, args: string[] = []): WatchProcess {
  const child = spawn(process.execPath, [join(repoRoot, "bin/catalogen.js"), "generate", "--watch", ...args], { cwd });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));
  return {
    out: () => out,
    err: () => err,
    waitFor: async (pattern, count = 1) => {
      const deadline = Date.now() + 20_000;
      while ((out.match(new RegExp(pattern, "g")) ?? []).length < count) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}\nstdout:\n${out}\nstderr:\n${err}`);
        await new Promise((wait) => setTimeout(wait, 50));
      }
    },
    stop: () => {
      child.kill("SIGINT");
      return exited;
    },
  };
}
