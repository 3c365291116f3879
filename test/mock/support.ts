// Support for the mock tests: Prism on a free 127.0.0.1 port, arguments for a client call of any
// operation, and a fetch that records what Prism says about each exchange.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import type { NamedType, OperationModel } from "../../src/model/types.js";
import { directed, directedTypes } from "../../src/model/directed.js";
import { sampleValue, seededRandom } from "../../templates/mock/values.js";
import { isJsonMediaType } from "../../src/shared/media.js";
import { repoRoot } from "../helpers/generate.js";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Prism {
  url: string;
  stop(): Promise<void>;
}

/** `prism mock SPEC` or `prism proxy SPEC UPSTREAM`, on a free 127.0.0.1 port; resolves once it listens. */
export async function startPrism(args: ["mock", string] | ["proxy", string, string]): Promise<Prism> {
  const port = await freePort();
  const cli = join(repoRoot, "node_modules/@stoplight/prism-cli/dist/index.js");
  const child: ChildProcess = spawn(process.execPath, [cli, args[0], "-h", "127.0.0.1", "-p", String(port), ...args.slice(1)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start within 90 s:\n${output}`)), 90_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", listen);
    child.stderr!.on("data", listen);
    child.once("exit", (code) => reject(new Error(`prism exited (${code}) before listening:\n${output}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export interface Exchange {
  method: string;
  url: string;
  status: number;
  /** Prism's `sl-violations` header, parsed: what the exchange broke of the OpenAPI document. */
  violations: { location: string[]; severity: string; code: string | number; message: string }[];
}

/** A fetch for the client that records each response's status and Prism's violations. */
export function recordingFetch(exchanges: Exchange[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const request = new Request(input, init);
    const header = response.headers.get("sl-violations");
    exchanges.push({ method: request.method, url: request.url, status: response.status, violations: header ? JSON.parse(header) : [] });
    return response;
  };
}

/**
 * Arguments for a client call that fit the operation: path parameters, required query parameters
 * and headers, and a body (an undocumented one too, except on GET and HEAD where the client takes none)
 * in its request shape (no read-only field: the server refuses one in a closed type).
 */
export function callArguments(operation: OperationModel, types: ReadonlyMap<string, NamedType>): Record<string, unknown> {
  const random = seededRandom(7);
  const sample = (parameter: { schema?: Parameters<typeof sampleValue>[0] }) =>
    parameter.schema ? sampleValue(parameter.schema, types, random) : "mock-1";
  const args: Record<string, unknown> = {};
  for (const parameter of operation.pathParams) args[parameter.name] = sample(parameter);
  const query = (operation.query ?? []).filter((parameter) => parameter.required);
  if (query.length > 0) args.query = Object.fromEntries(query.map((parameter) => [parameter.name, sample(parameter)]));
  const headers = (operation.headers ?? []).filter((parameter) => parameter.required);
  if (headers.length > 0) args.headers = Object.fromEntries(headers.map((parameter) => [parameter.name, String(sample(parameter))]));
  if (operation.request === undefined) {
    if (operation.method !== "GET" && operation.method !== "HEAD") args.body = { note: "a body the catalogue does not document" };
  } else if (operation.request !== null) {
    const media = operation.request.content.find((candidate) => isJsonMediaType(candidate.contentType));
    if (media) args.body = media.schema ? sampleValue(directed(media.schema, "request"), directedTypes(types.values()), random) : {};
    else {
      // Bytes of the first documented type: a Blob carries its type into the Content-Type header.
      const type = operation.request.content[0]?.contentType ?? "application/octet-stream";
      args.body = type === "multipart/form-data" ? formData() : new Blob([new Uint8Array([1, 2, 3])], { type });
    }
  }
  return args;
}

function formData(): FormData {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array([1, 2, 3])], { type: "application/octet-stream" }), "file.bin");
  return form;
}
