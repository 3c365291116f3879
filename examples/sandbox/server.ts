// The sandbox server as a web-standard handler: the scaffolded handlers behind the generated
// router, with a demo `authenticate` that knows a fixed set of tokens.
import { createRequestHandler, type Identity, type TokenKind } from "../../generated/server/index.js";
import { handlers } from "./handlers/index.js";

export interface SandboxOptions {
  /** Token -> who it belongs to. */
  tokens: ReadonlyMap<string, Identity>;
  /** Injected clock (tests); default Date.now. */
  now?: () => number;
}

const TOKEN_KINDS: readonly TokenKind[] = ["personal", "service"];

/**
 * Reads `SANDBOX_TOKENS`: comma-separated `token=sellerId:kind` entries, e.g.
 * `demo-personal=seller-1:personal,demo-service=seller-1:service`. Token values are never printed.
 */
export function parseTokens(text: string): Map<string, Identity> {
  const tokens = new Map<string, Identity>();
  for (const entry of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    const match = /^([^=]+)=([^:]+):(.+)$/.exec(entry);
    const kind = TOKEN_KINDS.find((candidate) => candidate === match?.[3]);
    if (!match?.[1] || !match[2] || !kind) {
      throw new Error(`SANDBOX_TOKENS: an entry is not token=sellerId:kind (kinds: ${TOKEN_KINDS.join(", ")})`);
    }
    tokens.set(match[1], { principalId: match[2], tokenKind: kind });
  }
  return tokens;
}

export function createSandbox(options: SandboxOptions): (request: Request) => Promise<Response> {
  return createRequestHandler(handlers, {
    authenticate: (token) => options.tokens.get(token),
    origin: "catalogen-sandbox",
    ...(options.now && { now: options.now }),
    onError: (error, context) => console.error(`sandbox: ${context.method} ${context.path} failed (${context.requestId})`, error),
  });
}
