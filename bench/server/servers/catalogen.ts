// The generated server of bench/server/catalogue: toNodeHandler(createRequestHandler(...)) on
// node:http. "catalogen-bench-server" is the generated server/index.ts (an esbuild alias, see run.ts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler, toNodeHandler } from "catalogen-bench-server";
import { DISCREPANCIES, ITEM_NAME, authenticate } from "./shared.js";

const handle = createRequestHandler(
  {
    bench: {
      getItem: ({ params }) => ({ id: params.itemId, name: ITEM_NAME, price: 12.5 }),
      createOrder: ({ body }) => ({ id: `o-${body.supplyId}`, lines: body.lines.length }),
    },
    supplies: {
      getDiscrepancies: () => DISCREPANCIES,
    },
  },
  { authenticate, origin: "bench-server" },
);

const server = createServer(toNodeHandler(handle));
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
