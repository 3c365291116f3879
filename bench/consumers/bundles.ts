// What a consumer ships: the one-operation program (getDiscrepancies of the repository's catalogue)
// through catalogen's client, beside the same program built from openapi-fetch and the libraries a
// user would add for the same features. esbuild with the options of test/helpers/bundle.ts
// (minified ESM, platform neutral, es2022); bytes are exact, the machine's load does not matter.
//
// The composition (its program below): openapi-fetch's client over fetch-retry's fetch (retries on
// 429 and 5xx, waiting what Retry-After says, else 2^n x 250 ms), limiter's token bucket (the
// operation's documented 1 request a minute, taken before each request in an openapi-fetch
// middleware), and the response checked against the element's schema with the allowed value
// combinations (valibot; and zod, the most used validator, as a second row).
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { bundleOptions, ONE_OPERATION_CLIENT_PROGRAM, ONE_OPERATION_FEATURES_PROGRAM, ONE_OPERATION_PROGRAM } from "../../test/helpers/bundle.js";

export interface BundleRow {
  program: string;
  /** The packages it bundles besides the generated code. */
  libraries: string;
  minified: number;
  gzipped: number;
}

const COMMON = (schema: string) => `import createClient from "openapi-fetch";
import fetchRetry from "fetch-retry";
import { RateLimiter } from "limiter";
import type { paths } from ${JSON.stringify(schema)};

const ALLOWED = new Set(["surplus/surplus", "surplus/re-sorting", "shortage/shortage", "shortage/re-sorting"]);
const retryingFetch = fetchRetry(globalThis.fetch, {
  retries: 2,
  retryOn: (attempt, error, response) => attempt < 2 && (error !== null || response === null || response.status === 429 || response.status >= 500),
  retryDelay: (attempt, _error, response) => {
    const after = Number(response?.headers.get("Retry-After"));
    return Number.isFinite(after) && after >= 0 ? after * 1000 : 2 ** attempt * 250;
  },
});
const limiter = new RateLimiter({ tokensPerInterval: 1, interval: "minute" });
`;

const CALL = `
export async function discrepancies(token: string, supplyId: string) {
  const client = createClient<paths>({ baseUrl: "https://seller.example", headers: { Authorization: token }, fetch: retryingFetch });
  client.use({ onRequest: async ({ request }) => { await limiter.removeTokens(1); return request; } });
  const { data, error } = await client.GET("/api/supplies/v1/discrepancies/{supplyId}", { params: { path: { supplyId } } });
  if (error !== undefined) throw new Error("request failed");
  return check(data);
}
`;

const VALIBOT = (schema: string) => `${COMMON(schema)}import * as v from "valibot";
const Discrepancies = v.array(v.pipe(
  v.looseObject({ discrepancyType: v.picklist(["surplus", "shortage"]), discrepancyLabel: v.picklist(["surplus", "re-sorting", "shortage"]) }),
  v.check((item) => ALLOWED.has(item.discrepancyType + "/" + item.discrepancyLabel), "discrepancyType and discrepancyLabel: a combination the API does not give"),
));
const check = (data: unknown) => v.parse(Discrepancies, data);
${CALL}`;

const ZOD = (schema: string) => `${COMMON(schema)}import { z } from "zod";
const Discrepancies = z.array(
  z.looseObject({ discrepancyType: z.enum(["surplus", "shortage"]), discrepancyLabel: z.enum(["surplus", "re-sorting", "shortage"]) })
    .refine((item) => ALLOWED.has(item.discrepancyType + "/" + item.discrepancyLabel), "discrepancyType and discrepancyLabel: a combination the API does not give"),
);
const check = (data: unknown) => Discrepancies.parse(data);
${CALL}`;

const BARE = (schema: string) => `import createClient from "openapi-fetch";
import type { paths } from ${JSON.stringify(schema)};
export function discrepancies(token: string, supplyId: string) {
  return createClient<paths>({ baseUrl: "https://seller.example", headers: { Authorization: token } }).GET("/api/supplies/v1/discrepancies/{supplyId}", { params: { path: { supplyId } } });
}
`;

async function bundle(program: string, resolveDir: string): Promise<{ minified: number; gzipped: number }> {
  const result = await build(bundleOptions(resolveDir, program));
  const bytes = Buffer.from(result.outputFiles[0]!.text, "utf8");
  return { minified: bytes.length, gzipped: gzipSync(bytes, { level: 9 }).length };
}

/** Each program's bundle. `clientDir`: our generated client/; `peersDir`: bench/peers (its node_modules); `schema`: openapi-typescript's output for our OpenAPI export. */
export async function bundleRows(clientDir: string, peersDir: string, schema: string): Promise<BundleRow[]> {
  const ours = "the generated client (no package)";
  return [
    { program: "catalogen: createTransport + getDiscrepancies", libraries: ours, ...(await bundle(ONE_OPERATION_PROGRAM, clientDir)) },
    { program: "catalogen: with retries(), rateLimits(), responseChecks()", libraries: ours, ...(await bundle(ONE_OPERATION_FEATURES_PROGRAM, clientDir)) },
    { program: "catalogen: through createClient (184 operations)", libraries: ours, ...(await bundle(ONE_OPERATION_CLIENT_PROGRAM, clientDir)) },
    { program: "openapi-fetch: createClient + GET", libraries: "openapi-fetch", ...(await bundle(BARE(schema), peersDir)) },
    { program: "openapi-fetch with retries, a token bucket, a response check (valibot)", libraries: "openapi-fetch, fetch-retry, limiter, valibot", ...(await bundle(VALIBOT(schema), peersDir)) },
    { program: "openapi-fetch with retries, a token bucket, a response check (zod)", libraries: "openapi-fetch, fetch-retry, limiter, zod", ...(await bundle(ZOD(schema), peersDir)) },
  ];
}
