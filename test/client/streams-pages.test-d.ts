// The stream and paging runtimes' types (templates/client/stream.ts, paging.ts): what a generated
// operation hands them comes back typed, a stream is iterated (not awaited), options are checked.
import { expectTypeOf, test } from "vitest";
import type { Operation } from "../../templates/client/descriptors.js";
import { allItems, pages, type PageOptions } from "../../templates/client/paging.js";
import { openStream, type ItemStream, type ServerSentEvent, type StreamOptions } from "../../templates/client/stream.js";
import type { Transport } from "../../templates/client/transport.js";

declare const transport: Transport;
declare const operation: Operation;
type Delta = { text: string };
type Done = { reason: "stop" | "length" };

test("openStream yields the items it is typed with; SSE events narrow by name", async () => {
  const stream = openStream<ServerSentEvent<"delta", Delta> | ServerSentEvent<"done", Done>>(transport, operation, {});
  expectTypeOf(stream).toExtend<AsyncIterable<ServerSentEvent<"delta", Delta> | ServerSentEvent<"done", Done>>>();
  for await (const event of stream) {
    if (event.event === "delta") expectTypeOf(event.data).toEqualTypeOf<Delta>();
    else expectTypeOf(event.data).toEqualTypeOf<Done>();
    expectTypeOf(event.id).toEqualTypeOf<string | undefined>();
  }
  expectTypeOf(openStream<{ n: number }>(transport, operation, undefined)).toEqualTypeOf<ItemStream<{ n: number }>>();
  // @ts-expect-error: a stream is not a promise of its items
  expectTypeOf(await stream).toEqualTypeOf<Delta[]>();
});

test("StreamOptions and PageOptions take the call's options and their own", () => {
  expectTypeOf<{ signal: AbortSignal; maxItemBytes: number; reconnects: number; timeoutMs: number }>().toExtend<StreamOptions>();
  expectTypeOf<{ signal: AbortSignal; maxPages: number; maxItems: number; headers: Record<string, string> }>().toExtend<PageOptions>();
  // @ts-expect-error: maxPages is a number
  const wrong: PageOptions = { maxPages: "2" };
  void wrong;
});

test("allItems and pages yield what they are typed with", () => {
  expectTypeOf(allItems<{ id: number }>(transport, operation, {})).toEqualTypeOf<AsyncGenerator<{ id: number }, undefined, undefined>>();
  expectTypeOf(pages<{ data: { id: number }[] }>(transport, operation, {}, { maxPages: 2 })).toEqualTypeOf<AsyncGenerator<{ data: { id: number }[] }, undefined, undefined>>();
});
