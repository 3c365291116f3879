// Bundles a program that calls only getDiscrepancies from a generated client, the way an app
// would (esbuild: bundle, minify, ESM, platform neutral). Used by the client's bundle test and
// by `npm run bench`.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** The program: one standalone operation over a transport. */
export const ONE_OPERATION_PROGRAM = `import { createTransport, getDiscrepancies } from "./index.js";

export function discrepancies(token: string, supplyId: string) {
  return getDiscrepancies(createTransport({ baseUrl: "https://seller.example", token }), { supplyId });
}
`;

/** The minified bundle of ONE_OPERATION_PROGRAM against the client in `clientDir` (the generated `client/` folder). */
export async function bundleOneOperationCode(clientDir: string): Promise<string> {
  const result = await build({
    stdin: { contents: ONE_OPERATION_PROGRAM, resolveDir: clientDir, sourcefile: "one-operation.ts", loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  return file.text;
}

/** Sizes in bytes of that bundle, minified and minified + gzipped. */
export async function bundleOneOperation(clientDir: string): Promise<{ minified: number; gzipped: number }> {
  const code = await bundleOneOperationCode(clientDir);
  const bytes = Buffer.from(code, "utf8");
  return { minified: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
}
