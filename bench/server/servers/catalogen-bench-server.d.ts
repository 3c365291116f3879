// What bench/server/servers/catalogen.ts uses of the server generated from bench/server/catalogue
// (esbuild resolves "catalogen-bench-server" to .tmp/bench/server/out/server/index.ts, written by run.ts).
declare module "catalogen-bench-server" {
  import type { NodeRequestLike, NodeResponseLike } from "../../../templates/server/node.js";
  import type { HandlerContext, Identity, ServerOptions } from "../../../templates/server/types.js";

  interface OrderLine {
    sku: string;
    quantity: number;
    price: number;
  }
  interface BenchHandlers {
    bench: {
      getItem(context: HandlerContext<{ params: { itemId: string }; query: unknown; body: undefined }>): { id: string; name: string; price: number };
      createOrder(context: HandlerContext<{ params: unknown; query: unknown; body: { supplyId: string; lines: OrderLine[] } }>): { id: string; lines: number };
    };
    supplies: { getDiscrepancies(): { discrepancyType: string; discrepancyLabel: string }[] };
  }
  export function createRequestHandler(handlers: BenchHandlers, options: ServerOptions & { authenticate(token: string): Identity | undefined }): (request: Request) => Promise<Response>;
  export function toNodeHandler(handle: (request: Request) => Promise<Response>): (req: NodeRequestLike, res: NodeResponseLike) => void;
}
