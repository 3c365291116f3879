// The peers: how each generates a client from an OpenAPI document, and a program that calls
// getDiscrepancies through it (type-checked with its output, and bundled).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listFiles, setAside } from "../lib/files.js";
import { findRepoRoot, measure, type Measured } from "../lib/measure.js";
import { failureSummary } from "../lib/results.js";

export interface Peer {
  id: string;
  label: string;
  /** npm package whose version is reported. */
  package: string;
  generates: string;
  generate(spec: string, out: string, work: string): { command: string; args: string[] };
  /** A one-operation program using the output; undefined where there is no runtime client. */
  entry?(out: string): string;
}

const bin = (name: string) => join(findRepoRoot(), "bench/peers/node_modules/.bin", name);
const BASE_URL = "https://api.example.test";

export const PEERS: Peer[] = [
  {
    id: "openapi-typescript",
    label: "openapi-typescript + openapi-fetch",
    package: "openapi-typescript",
    generates: "types (client: openapi-fetch)",
    generate: (spec, out) => ({ command: bin("openapi-typescript"), args: [spec, "-o", join(out, "schema.ts")] }),
    entry: (out) =>
      [
        `import createClient from "openapi-fetch";`,
        `import type { paths } from ${JSON.stringify(join(out, "schema.js"))};`,
        `export function run(token: string) {`,
        `  const client = createClient<paths>({ baseUrl: "${BASE_URL}", headers: { Authorization: token } });`,
        `  return client.GET("/api/supplies/v1/discrepancies/{supplyId}", { params: { path: { supplyId: "1" } } });`,
        `}`,
        ``,
      ].join("\n"),
  },
  {
    id: "orval",
    label: "orval (fetch client)",
    package: "orval",
    generates: "client",
    generate: (spec, out) => ({
      command: bin("orval"),
      args: ["--input", spec, "--output", join(out, "api.ts"), "--client", "fetch", "--mode", "single"],
    }),
    entry: (out) =>
      [
        `import { getDiscrepancies } from ${JSON.stringify(join(out, "api.js"))};`,
        `export function run(token: string) {`,
        `  return getDiscrepancies("1", { headers: { Authorization: token } });`,
        `}`,
        ``,
      ].join("\n"),
  },
  {
    id: "oazapfts",
    label: "oazapfts",
    package: "oazapfts",
    generates: "client",
    generate: (spec, out) => ({ command: bin("oazapfts"), args: [spec, join(out, "api.ts")] }),
    entry: (out) =>
      [
        `import { defaults, getDiscrepancies } from ${JSON.stringify(join(out, "api.js"))};`,
        `export function run(token: string) {`,
        `  defaults.baseUrl = "${BASE_URL}";`,
        `  return getDiscrepancies("1", { headers: { Authorization: token } });`,
        `}`,
        ``,
      ].join("\n"),
  },
  {
    id: "hey-api",
    label: "@hey-api/openapi-ts (fetch client)",
    package: "@hey-api/openapi-ts",
    generates: "client",
    generate: (spec, out) => ({ command: bin("openapi-ts"), args: ["-i", spec, "-o", out, "-c", "@hey-api/client-fetch"] }),
    entry: (out) =>
      [
        `import { client } from ${JSON.stringify(join(out, "client.gen.js"))};`,
        `import { getDiscrepancies } from ${JSON.stringify(join(out, "sdk.gen.js"))};`,
        `export function run(token: string) {`,
        `  client.setConfig({ baseUrl: "${BASE_URL}" });`,
        `  return getDiscrepancies({ path: { supplyId: "1" }, headers: { Authorization: token } });`,
        `}`,
        ``,
      ].join("\n"),
  },
  {
    id: "kubb",
    label: "Kubb (plugin-ts + plugin-client, fetch)",
    package: "@kubb/core",
    generates: "types + client",
    generate: (spec, out, work) => {
      // Kubb reads a config file; it must sit under bench/peers so its imports resolve.
      const config = join(work, "kubb.config.mjs");
      writeFileSync(
        config,
        [
          `import { defineConfig } from "@kubb/core";`,
          `import { pluginOas } from "@kubb/plugin-oas";`,
          `import { pluginTs } from "@kubb/plugin-ts";`,
          `import { pluginClient } from "@kubb/plugin-client";`,
          `export default defineConfig({`,
          `  root: ${JSON.stringify(work)},`,
          `  input: { path: ${JSON.stringify(spec)} },`,
          `  output: { path: ${JSON.stringify(out)}, clean: true },`,
          `  plugins: [pluginOas(), pluginTs(), pluginClient({ client: "fetch" })],`,
          `});`,
          ``,
        ].join("\n"),
      );
      return { command: bin("kubb"), args: ["generate", "--config", config] };
    },
    entry: (out) =>
      [
        `import { getDiscrepancies } from ${JSON.stringify(join(out, "clients/getDiscrepancies.ts"))};`,
        `export function run(token: string) {`,
        `  return getDiscrepancies("1", { baseURL: "${BASE_URL}", headers: { Authorization: token } });`,
        `}`,
        ``,
      ].join("\n"),
  },
];

/** Runs a peer on `spec` into a fresh `work/<id>/`; a run that fails or writes nothing has an `error`. */
export async function runPeer(peer: Peer, spec: string, work: string, timeoutMs: number): Promise<{ run: Measured; out: string; error?: string }> {
  const out = join(work, peer.id);
  setAside(out);
  mkdirSync(out, { recursive: true });
  const command = peer.generate(spec, out, work);
  const run = await measure(command.command, command.args, { cwd: work, timeoutMs });
  if (run.code === 0 && listFiles(out).length > 0) return { run, out };
  return { run, out, error: `exit ${run.code ?? "by signal"}: ${failureSummary(`${run.stderr}\n${run.stdout}`)}` };
}
