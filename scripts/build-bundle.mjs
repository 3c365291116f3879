// The CLI as a few files (dist/bundle/): Node 20 has no compile cache for ES modules, and resolving,
// reading and compiling the ~430 files of dist/ one by one took 0.15-0.2 s of every generate.
// Bundled from dist/ after tsc; each module's `import.meta.url` still names its own file in dist/
// (templates, the schema and the prebuilt files are found from there, and a worker started on a
// module's own file loads it from dist/). The modules a plugin imports through `catalogen/plugin`
// stay in dist/, loaded from there by the bundle too: one `TargetError` class, one plugin record.
// Without esbuild (a registry install has dist/ already) nothing is bundled: bin/ then loads dist/.
import { readFileSync, rmSync } from "node:fs";
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
const entry = join(dist, "cli", "start.js");

await esbuild.build({
  entryPoints: [entry],
  outdir: out,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // The packages every generate loads are bundled too (yaml alone is some 40 CommonJS files); the
  // large ones loaded on some paths only stay where npm put them.
  external: ["ts-morph", "typescript", "prettier", "ajv", "swagger2openapi", "@modelcontextprotocol/*"],
  logLevel: "warning",
  // A bundled CommonJS package's require() of a Node built-in: esbuild's shim calls the `require` in
  // scope, made for the chunk when first called (most chunks never call it).
  banner: { js: 'import { createRequire as __catalogenCreateRequire } from "node:module"; let __catalogenRequire; function require(id) { return (__catalogenRequire ??= __catalogenCreateRequire(import.meta.url))(id); }' },
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
          const text = readFileSync(args.path, "utf8");
          // The entry keeps its own URL: a worker started on it (src/cli/start.ts) loads the bundle.
          if (args.path === entry || !text.includes("import.meta.url")) return { contents: text, loader: "js" };
          return { contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`), loader: "js" };
        });
      },
    },
  ],
});
