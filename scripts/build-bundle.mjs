// The CLI as one CommonJS file (dist/bundle/cli.cjs), run by src/cli/load-bundle.ts: resolving,
// reading and compiling the ~430 files of dist/ one by one took 0.15-0.2 s of every generate. The modules imported lazily stay lazy: esbuild runs each such module's body when it
// is first imported, so a no-op generate still runs no YAML parser or emitter.
// Bundled from dist/ after tsc; each module's `import.meta.url` still names its own file in dist/
// (templates, the schema and the prebuilt files are found from there, and a worker started on a
// module's own file loads it from dist/). The modules a plugin imports through `catalogen/plugin`
// stay in dist/: the loader imports them first and hands them to the bundle's require(), so a
// plugin and the CLI share one `TargetError` class and one plugin record. The first line of the
// bundle lists them.
// Without esbuild (a registry install has dist/ already) nothing is bundled: bin/ then loads dist/.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const out = join(dist, "bundle");
let esbuild;
try {
  esbuild = await import("esbuild");
} catch {
  console.warn("build-bundle: esbuild not found; the CLI runs from dist/ unbundled");
  process.exit(0);
}
rmSync(out, { recursive: true, force: true });

// dist files shared with plugins: the closure of dist/plugin.js's imports.
const shared = new Set();
const pending = [join(dist, "plugin.js")];
while (pending.length > 0) {
  const file = pending.pop();
  if (shared.has(file)) continue;
  shared.add(file);
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.[^"]+)"/gm)) pending.push(resolve(dirname(file), specifier));
}
shared.delete(join(dist, "plugin.js"));

/** `file` relative to the bundle's folder, as a URL path (`../emit/define.js`). */
const fromBundle = (file) => relative(out, file).split("\\").join("/");
const entry = join(dist, "cli", "bundle-entry.js");

// A worker's entry module starts its work at its top level (`if (given !== undefined) await runX(given)`).
// In the bundle it is never a worker's entry (workers start on a file of dist/), and CommonJS has
// no top-level await: the statement is kept, without the await.
const WORKER_START = /\nif \(given !== undefined\)\n(\s+)await (\w+)\(given\);/;

// A dynamic import() of what is not bundled (a package left out, a plugin, a config, the generated
// server) goes through `__catalogenImport`, which the loader gives the bundle (an import() of its
// own): under Node 20 an import() in a vm.Script fails ("A dynamic import callback was not
// specified"). Relative ones are bundled (and stay lazy). The build fails
// if any import() is left in the bundle (one inside a string would be, and must be looked at).
const DYNAMIC_IMPORT = /(?<![\w$.])import\((?!\s*["']\.{1,2}\/)/g;

// The CommonJS files the build writes beside dist/ modules (src/shared/prebuilt.ts): in the bundle too,
// so a run reads no more files for them.
// The bundle's prebuilt() takes them from there, found by their path in dist/.
const PREBUILT = ["validate/catalogue-validator.cjs", "emit/docs/precompiled-templates.cjs", "emit/client/compact-runtime.cjs"].filter((file) => existsSync(join(dist, file)));
const prebuiltModule = join(dist, "shared", "prebuilt.js");
const inBundle = `
import { relative as relativeToDist } from "node:path";
import { fileURLToPath as pathOfUrl } from "node:url";
const bundledPrebuilt = { ${PREBUILT.map((file) => `${JSON.stringify(file)}: () => require(${JSON.stringify(`../${file}`)})`).join(", ")} };
const prebuiltOfDist = prebuilt;
export { prebuiltFromBundle as prebuilt };
function prebuiltFromBundle(specifier, from) {
  const file = relativeToDist(pathOfUrl(new URL("..", import.meta.url)), pathOfUrl(new URL(specifier, from))).split("\\\\").join("/");
  return Object.hasOwn(bundledPrebuilt, file) ? bundledPrebuilt[file]() : prebuiltOfDist(specifier, from);
}
`;

await esbuild.build({
  entryPoints: [entry],
  outfile: join(out, "cli.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // The packages every generate loads are bundled too (yaml alone is some 40 CommonJS files); the
  // large ones loaded on some paths only stay where npm put them.
  external: ["ts-morph", "typescript", "prettier", "ajv", "swagger2openapi", "@modelcontextprotocol/*"],
  logLevel: "warning",
  // Line 1: the dist/ modules the loader imports for the bundle (src/cli/load-bundle.ts reads it; it
  // also gives the bundle `__catalogenBundleUrl`, its own URL, which each `import.meta.url` is made from).
  // A comment: "use strict" stays the first statement.
  banner: { js: `// catalogen-shared ${JSON.stringify([...shared].map(fromBundle).sort())}` },
  plugins: [
    {
      name: "catalogen-dist",
      setup(build) {
        build.onResolve({ filter: /^\./ }, (args) => {
          const path = resolve(args.resolveDir, args.path);
          return shared.has(path) ? { path: fromBundle(path), external: true } : undefined;
        });
        build.onLoad({ filter: /\.js$/ }, (args) => {
          if (!args.path.startsWith(dist + "/")) return undefined;
          let text = readFileSync(args.path, "utf8").replace(WORKER_START, "\nif (given !== undefined)\n$1void $2(given);").replace(DYNAMIC_IMPORT, "__catalogenImport(");
          if (args.path === prebuiltModule) text = text.replace("export function prebuilt(", "function prebuilt(") + inBundle;
          if (!text.includes("import.meta.url")) return { contents: text, loader: "js" };
          return { contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle(args.path))}, __catalogenBundleUrl).href`), loader: "js" };
        });
      },
    },
  ],
});

const left = [...readFileSync(join(out, "cli.cjs"), "utf8").matchAll(/(?<![\w$.])import\(.{0,60}/g)].map(([match]) => match);
if (left.length > 0) throw new Error(`build-bundle: import() left in the bundle (see DYNAMIC_IMPORT): ${left.join(" | ")}`);
