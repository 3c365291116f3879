// The real CLI in a child process (`node bin/catalogen.js`, which runs dist/: `npm run build`
// first), and small catalogues written on the fly, many modules wide so writing takes a while.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "../helpers/generate.js";

export const bin = join(repoRoot, "bin/catalogen.js");

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts the CLI; `done` settles when it exits. The prettier cache is off so runs share nothing. */
export function startCli(args: string[], cwd: string, options: { shell?: string; env?: Record<string, string> } = {}): { child: ChildProcess; done: Promise<Run> } {
  const env = { ...process.env, CATALOGEN_CACHE_DIR: "off", ...options.env };
  const child = options.shell
    ? spawn("bash", ["-c", `${options.shell}; exec node "$0" "$@"`, bin, ...args], { cwd, env })
    : spawn(process.execPath, [bin, ...args], { cwd, env });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) => child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

export function runCli(args: string[], cwd: string, options: { shell?: string; env?: Record<string, string> } = {}): Promise<Run> {
  return startCli(args, cwd, options).done;
}

/** A catalogue of `modules` modules (m000, m001, ...), one operation each; `tag` goes into every summary. */
export async function wideCatalogue(dir: string, modules: number, tag: string, extra: string[] = []): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, "api.yaml"),
    "api:\n  title: Wide API\n  auth:\n    header: Authorization\n    tokenKinds:\n      - id: personal\n        description: Personal token\n",
  );
  const names = [...extra, ...Array.from({ length: modules }, (_, index) => `m${String(index).padStart(3, "0")}`)];
  for (const name of names) {
    const id = name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
    await writeFile(
      join(dir, `${name}.yaml`),
      `module:\n  id: ${name}\n  title: Module ${name}\n  area: Things of ${name}\n` +
        `operations:\n  - id: get${id[0]!.toUpperCase()}${id.slice(1)}\n    method: GET\n    path: /${name}/things\n    summary: Things of ${name} (${tag})\n`,
    );
  }
  return dir;
}

/** Every file under `dir`, relative, with its text. */
export async function tree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(dir.length + 1), entry.isSymbolicLink() ? "<link>" : await readFile(path, "utf8"));
  }
  return files;
}

export const isLeftover = (path: string): boolean => /\.catalogen-[^/]*\.tmp$|\.catalogen-lock/.test(path);

/** Exactly one `catalogen: ...` line on stderr, nothing like a stack trace. */
export function oneLineDiagnostic(run: Run): string {
  const lines = run.stderr.trimEnd().split("\n");
  if (lines.length !== 1 || !lines[0]!.startsWith("catalogen: ") || /\n\s+at /.test(run.stderr)) {
    throw new Error(`expected one "catalogen: ..." line, got:\n${run.stderr}`);
  }
  return lines[0]!;
}
