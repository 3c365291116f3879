// What `catalogen init` reads of the project it runs in: the module system package.json declares
// and the TypeScript config beside it, and what the generated client and server need from them.
// Only the two files in the project's own folder are read (tsconfig.json's `extends` is not
// followed: a setting it leaves to another file is said, not guessed), and tsconfig.json only when
// it is a regular file inside that folder after links.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readConfinedFile, realFolder } from "../shared/confined-files.js";

const MAX_TSCONFIG_BYTES = 1024 * 1024;

export interface ConsumerSetup {
  /** The project is CommonJS (package.json without `"type": "module"`): generate CommonJS too. */
  moduleFormat?: "commonjs";
  /** One line each: what the project should set that init cannot set itself. */
  advice: string[];
}

interface TsconfigFacts {
  module?: string;
  verbatimModuleSyntax?: boolean;
  extendsOther: boolean;
}

export async function consumerSetup(cwd: string, packageData: Record<string, unknown>): Promise<ConsumerSetup> {
  const commonjs = packageData.type !== "module";
  const tsconfig = await readTsconfig(join(cwd, "tsconfig.json"), cwd);
  const advice: string[] = [];
  if (tsconfig === undefined) {
    advice.push(`no tsconfig.json: compile with "module": "nodenext"${commonjs ? ' and "verbatimModuleSyntax": false' : ""} (README, "Use it in your repository", has one)`);
  } else if (tsconfig === "unreadable") {
    advice.push(`tsconfig.json could not be read (not JSON, or not a file inside this folder): compile with "module": "nodenext"${commonjs ? ' and "verbatimModuleSyntax": false' : ""}`);
  } else {
    const module = tsconfig.module?.toLowerCase();
    if (commonjs && tsconfig.verbatimModuleSyntax === true) {
      advice.push('tsconfig.json sets "verbatimModuleSyntax": true, which refuses import syntax in a CommonJS package (TS1295): set it to false');
    }
    if (!commonjs && module === "commonjs") {
      advice.push('tsconfig.json says "module": "commonjs" but package.json says "type": "module": set "module": "nodenext"');
    }
    if (module === undefined && tsconfig.extendsOther) {
      advice.push('tsconfig.json leaves "module" to the file it extends: the generated code expects "nodenext" (or "bundler" resolution with a bundler)');
    }
  }
  return { ...(commonjs && { moduleFormat: "commonjs" }), advice };
}

async function readTsconfig(path: string, cwd: string): Promise<TsconfigFacts | "unreadable" | undefined> {
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = readConfinedFile(path, [realFolder(cwd)], MAX_TSCONFIG_BYTES).bytes.toString("utf8");
  } catch {
    return "unreadable";
  }
  // tsconfig.json is JSON with comments and trailing commas: TypeScript's own reader.
  const { ts } = await import("ts-morph");
  const read = ts.parseConfigFileTextToJson(path, text);
  const config = read.config as { compilerOptions?: Record<string, unknown>; extends?: unknown } | undefined;
  if (read.error || typeof config !== "object" || config === null) return "unreadable";
  const options = config.compilerOptions ?? {};
  return {
    ...(typeof options.module === "string" && { module: options.module }),
    ...(typeof options.verbatimModuleSyntax === "boolean" && { verbatimModuleSyntax: options.verbatimModuleSyntax }),
    extendsOther: config.extends !== undefined,
  };
}
