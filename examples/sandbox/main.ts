// Starts the sandbox on node:http, on 127.0.0.1 only.
//   SANDBOX_TOKENS="demo-personal=seller-1:personal,demo-service=seller-1:service" PORT=8080
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "../../generated/server/index.js";
import { createSandbox, parseTokens } from "./server.js";

const tokens = parseTokens(process.env["SANDBOX_TOKENS"] ?? "");
if (tokens.size === 0) {
  console.error("sandbox: set SANDBOX_TOKENS, e.g. demo-personal=seller-1:personal,demo-service=seller-1:service");
  process.exit(1);
}

const server = createServer(toNodeHandler(createSandbox({ tokens })));
server.listen(Number(process.env["PORT"] ?? 8080), "127.0.0.1", () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`sandbox: listening on http://${address}:${port} with ${tokens.size} token(s)`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
