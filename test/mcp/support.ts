// `catalogen mcp` as an agent meets it: the CLI started by the SDK's own client (stdio), or on
// Streamable HTTP with the SDK's HTTP client transport. No mocks: the API behind it is
// `catalogen mock` on 127.0.0.1.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { repoRoot } from "../helpers/generate.js";

export const bin = join(repoRoot, "bin/catalogen.js");

/** Only what the server needs: no variable of this process's own environment leaks in. */
function baseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
}

export interface StdioSession {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** `catalogen mcp <args>` on stdio, connected. */
export async function stdioSession(args: string[], env: Record<string, string>): Promise<StdioSession> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp", ...args], env: { ...baseEnv(), ...env }, cwd: repoRoot, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "catalogen-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

export interface HttpSession {
  client: Client;
  url: string;
  output(): string;
  close(): Promise<void>;
}

/** `catalogen mcp --http 0 <args>`, its URL read from its first line, connected over Streamable HTTP. */
export async function httpSession(args: string[], env: Record<string, string>, headers?: Record<string, string>): Promise<HttpSession> {
  const child: ChildProcess = spawn(process.execPath, [bin, "mcp", "--http", "0", ...args], { cwd: repoRoot, env: { ...baseEnv(), ...env } });
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/\S+\/mcp)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`catalogen mcp exited with ${code}: ${output}`)));
  });
  const client = new Client({ name: "catalogen-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), headers && { requestInit: { headers } }));
  return {
    client,
    url,
    output: () => output,
    close: async () => {
      await client.close();
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
