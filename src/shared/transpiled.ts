// Generated TypeScript made runnable in this process: each file transpiled to JavaScript into a
// folder (an ES module package), for `mock` and `mcp`, which run what they generate without writing
// into the user's tree. TypeScript (the copy ts-morph bundles) loads only when this is called.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** Writes `files`' `.ts` files (not `.d.ts`) into `dir` as `.js`, each text passed through `rewrite`. */
export async function writeTranspiled(dir: string, files: Iterable<{ path: string; content: string }>, rewrite: (javascript: string) => string = (javascript) => javascript): Promise<void> {
  const { ts } = await import("ts-morph");
  await writeFile(join(dir, "package.json"), '{ "type": "module" }\n');
  for (const file of files) {
    if (!file.path.endsWith(".ts") || file.path.endsWith(".d.ts")) continue;
    const output = ts.transpileModule(file.content, {
      fileName: file.path,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    }).outputText;
    const target = join(dir, file.path.replace(/\.ts$/, ".js"));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, rewrite(output));
  }
}
