// `catalogen init`: a starter catalogue (api.yaml and one module with one typed operation) and the
// "catalogen" key in package.json. Never overwrites a file; says what it kept.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { schemaModeline } from "../shared/schema-path.js";
import type { ResolvedConfig } from "./config.js";
import { consumerSetup } from "./consumer-setup.js";
import { shown, type Io } from "./io.js";

class InitError extends Error {
  override name = "InitError";
}

export async function init({ config, io, from }: { config: ResolvedConfig; io: Io; from?: string }): Promise<number> {
  const catalogue = config.catalogue;
  let starter = STARTER;
  if (from !== undefined) {
    const { livingStarter } = await import("../sources/init.js");
    const made = await livingStarter(catalogue, resolve(io.cwd, from), io.cwd);
    if (typeof made === "string") {
      io.err(`catalogen init: ${made}`);
      return 1;
    }
    starter = made;
  }
  const packagePath = join(io.cwd, "package.json");
  // Read package.json before writing anything: if it cannot be changed, nothing is written. With a
  // config elsewhere it is only read (for its module system), and a broken one is left to that.
  let packageJson: { text: string; data: Record<string, unknown> } | undefined;
  try {
    if (existsSync(packagePath)) packageJson = await readPackageJson(packagePath);
  } catch (error) {
    if (!(error instanceof InitError)) throw error;
    if (config.source === undefined) {
      io.err(`catalogen: ${error.message}`);
      return 1;
    }
  }

  // A living source's file is not a catalogue file the schema describes.
  const modeline = from === undefined ? schemaModeline(catalogue) : "";
  await mkdir(catalogue, { recursive: true });
  const lines: string[] = [];
  for (const [name, text] of Object.entries(starter)) {
    const path = join(catalogue, name);
    const wrote = await writeNew(path, modeline + text);
    lines.push(`  ${wrote ? "wrote  " : "kept   "} ${shown(path, io.cwd)}${wrote ? "" : " (it exists)"}`);
  }

  const catalogueSetting = posix(relative(io.cwd, catalogue)) || ".";
  const setup = packageJson === undefined ? undefined : await consumerSetup(io.cwd, packageJson.data);
  const commonjsWhy = `${shown(packagePath, io.cwd)} has no "type": "module", so the client and server compile to require() calls as your code does`;
  if (config.source !== undefined) {
    lines.push(`  kept    ${shown(config.source, io.cwd)} (it already configures catalogen)`);
    if (setup?.moduleFormat !== undefined && config.moduleFormat === undefined) lines.push(`  set     "moduleFormat": "commonjs" in ${shown(config.source, io.cwd)}: ${commonjsWhy}`);
  } else if (packageJson === undefined) {
    lines.push(`  no package.json here, so no config: ${catalogueSetting === "catalogue" ? "the defaults find this catalogue" : `pass --catalogue ${catalogueSetting}`}`);
  } else {
    const setting = { catalogue: catalogueSetting, out: "generated", ...(setup?.moduleFormat && { moduleFormat: setup.moduleFormat }), scaffold: { out: "src/handlers" } };
    await writeFile(packagePath, formatLike(packageJson.text, { ...packageJson.data, catalogen: setting }));
    lines.push(`  added   "catalogen" to ${shown(packagePath, io.cwd)}: ${JSON.stringify(setting)}`);
    if (setup?.moduleFormat !== undefined) lines.push(`          with "moduleFormat": "commonjs": ${commonjsWhy}`);
  }
  for (const advice of setup?.advice ?? []) lines.push(`  note    ${advice}`);
  io.out(`catalogen: a starter ${from === undefined ? "catalogue" : "living source"} in ${shown(catalogue, io.cwd)}\n${lines.join("\n")}`);
  io.out("next: npx catalogen generate, then npx catalogen scaffold for handler stubs");
  return 0;
}

/** Writes `text` to `path` unless a file is there; true when it wrote. */
async function writeNew(path: string, text: string): Promise<boolean> {
  try {
    await writeFile(path, text, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function readPackageJson(path: string): Promise<{ text: string; data: Record<string, unknown> }> {
  const text = await readFile(path, "utf8");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InitError(`${path} is not valid JSON (${(error as Error).message}); nothing was written`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new InitError(`${path} does not hold a JSON object; nothing was written`);
  return { text, data: data as Record<string, unknown> };
}

/** JSON in the indent, line ending and final newline of `original`. */
function formatLike(original: string, data: unknown): string {
  const indent = /^([ \t]+)"/m.exec(original)?.[1] ?? "  ";
  const newline = original.includes("\r\n") ? "\r\n" : "\n";
  const text = JSON.stringify(data, null, indent).replace(/\n/g, newline);
  return /\r?\n$/.test(original) ? text + newline : text;
}

/** The starter catalogue's files (the README's first-hour examples are compiled against them too). */
export const STARTER: Record<string, string> = {
  "api.yaml": `api:
  title: My API
  description: What the API is for. Paths are relative to the base URL.
  auth:
    header: Authorization
    tokenKinds:
      - id: personal
        description: A user's personal token
`,
  "notes.yaml": `module:
  id: notes
  title: Notes
  area: Reading notes

types:
  Note:
    type: object
    properties:
      id: { type: string, required: true, description: The note's id }
      text: { type: string, required: true }
      createdAt: { type: string, format: date-time }

operations:
  - id: getNote
    method: GET
    path: /api/v1/notes/{noteId}
    summary: Get one note
    tokens: [personal]
    parameters:
      - { name: noteId, in: path, required: true, schema: { type: string }, description: The note's id }
    request: none
    responses:
      "200":
        description: The note
        content:
          application/json:
            schema: { ref: Note }
            example: { id: n-1, text: Buy milk, createdAt: "2026-01-01T09:00:00Z" }
`,
};

function posix(path: string): string {
  return path.split(sep).join("/");
}
