// The module format of the generated client and server, as their own package.json declares it.
// Their code is the same either way (ES module syntax, which tsc compiles to `require` for
// CommonJS); only `<target>/package.json`'s "type" differs. "commonjs" is for a CommonJS consumer
// that compiles with `outDir` under Node16/NodeNext: tsc does not copy a package.json into outDir,
// so the compiled files take the consumer's own (CommonJS) type, and must then be CommonJS.

export type ModuleFormat = "esm" | "commonjs";

export const MODULE_FORMATS: readonly ModuleFormat[] = ["esm", "commonjs"];

/** A target's own package.json (`client/package.json`), as targetPackageFile writes it. */
const TARGET_PACKAGE = /^[^/]+\/package\.json$/;

/** The text of a planned file with the package "type" that `format` asks for. */
export function withModuleFormat(path: string, text: string, format: ModuleFormat): string {
  if (format === "esm" || !TARGET_PACKAGE.test(path)) return text;
  return text.replace(/"type": "module"/, `"type": "commonjs"`);
}
