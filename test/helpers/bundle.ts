// Bundles a program that calls only getDiscrepancies from a generated client, the way an app
// would (esbuild: bundle, minify, ESM, platform neutral). Used by the client's bundle test and
// by `npm run bench`.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** The program: one standalone operation over a bare transport (no retries, rate limits or response checks). */
export const ONE_OPERATION_PROGRAM = `import { createTransport, getDiscrepancies } from "./index.js";

export function discrepancies(token: string, supplyId: string) {
  return getDiscrepancies(createTransport({ baseUrl: "https://seller.example", token }), { supplyId });
}
`;

/** The same call over a transport with all three features. */
export const ONE_OPERATION_FEATURES_PROGRAM = `import { createTransport, getDiscrepancies, rateLimits, responseChecks, retries } from "./index.js";

export function discrepancies(token: string, supplyId: string) {
  const transport = createTransport({ baseUrl: "https://seller.example", token, use: [retries(), rateLimits(), responseChecks()] });
  return getDiscrepancies(transport, { supplyId });
}
`;

/** The same call through createClient (which carries every operation and all three features). */
export const ONE_OPERATION_CLIENT_PROGRAM = `import { createClient } from "./index.js";

export function discrepancies(token: string, supplyId: string) {
  return createClient({ baseUrl: "https://seller.example", token }).supplies.getDiscrepancies({ supplyId });
}
`;

/**
 * One standalone operation of a module of many (`listColors`, one of the 52 of `items` in this
 * repository's catalogue) over a bare transport: what it bundles of its module's other operations.
 */
export const ONE_OPERATION_OF_MANY_PROGRAM = `import { createTransport, listColors } from "./index.js";

export function colors(token: string) {
  return listColors(createTransport({ baseUrl: "https://seller.example", token }));
}
`;

/** esbuild's options for the minified bundle of `program` against the client in `clientDir` (the test's and the bench's). */
export function bundleOptions(clientDir: string, program: string) {
  return {
    stdin: { contents: program, resolveDir: clientDir, sourcefile: "one-operation.ts", loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "silent",
  } as const;
}

/** The minified bundle of `program` (default ONE_OPERATION_PROGRAM) against the client in `clientDir` (the generated `client/` folder). */
export async function bundleOneOperationCode(clientDir: string, program = ONE_OPERATION_PROGRAM): Promise<string> {
  const result = await build(bundleOptions(clientDir, program));
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  return file.text;
}

/** Sizes in bytes of that bundle, minified and minified + gzipped. */
export async function bundleOneOperation(clientDir: string, program = ONE_OPERATION_PROGRAM): Promise<{ minified: number; gzipped: number }> {
  const code = await bundleOneOperationCode(clientDir, program);
  const bytes = Buffer.from(code, "utf8");
  return { minified: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
}
