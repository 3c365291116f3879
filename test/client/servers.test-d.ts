// runtime/servers.ts: a module's base URL beside the catalogue's servers is optional, keyed by
// module name; the options a generated createTransport passes fit serverTransport's.
import { expectTypeOf, test } from "vitest";
import type { ServersBaseUrl, ServerTransportOptions } from "../../templates/client/servers.js";
import type { TransportOptions } from "../../templates/client/transport.js";

test("ServersBaseUrl: a string, or some modules and an optional default", () => {
  const some: ServersBaseUrl<"reports" | "things"> = { reports: "https://r.example" };
  const all: ServersBaseUrl<"reports" | "things"> = { default: "https://d.example", things: "https://t.example" };
  const one: ServersBaseUrl<"reports"> = "https://x.example";
  // @ts-expect-error not a module
  const typo: ServersBaseUrl<"reports" | "things"> = { repots: "https://r.example" };
  // @ts-expect-error a URL is a string
  const number: ServersBaseUrl<"reports"> = { reports: 1 };
  void [some, all, one, typo, number];
});

test("generated options fit serverTransport's", () => {
  type Generated = Omit<TransportOptions<"reports">, "baseUrl"> & { baseUrl?: ServersBaseUrl<"reports"> | undefined; environment?: "production" | "sandbox" | undefined };
  expectTypeOf<Generated>().toExtend<ServerTransportOptions>();
  expectTypeOf<{ token: string }>().toExtend<ServerTransportOptions>();
});
