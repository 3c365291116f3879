// The option builders where they stand: keys and calls, the next page's arguments (a page already
// fetched ends the query), the spacing between pages, aborts, and a retry that never retries.
import { QueryClient } from "@tanstack/query-core";
import { describe, expect, it } from "vitest";
import { infiniteQueryOptionsOf, mutationOptionsOf, noRetry, queryOptionsOf } from "./options.js";

type Page = { items: number[]; next: number | null };
type Args = { cursor?: number };

function pagedOptions(next: (page: Page) => Args | undefined, spacingMs = 0, calls: { args: Args; at: number }[] = []) {
  return infiniteQueryOptionsOf<Page, Error, readonly ["m", "list", Args, "infinite"], Args>(
    ["m", "list", {}, "infinite"],
    {},
    (page) => next(page),
    async (args) => {
      calls.push({ args, at: Date.now() });
      const from = args.cursor ?? 0;
      return { items: [from, from + 1], next: from + 2 < 6 ? from + 2 : null };
    },
    spacingMs,
  );
}

describe("queryOptionsOf and mutationOptionsOf", () => {
  it("hand TanStack's signal to the call and keep the key", async () => {
    let seen: AbortSignal | undefined;
    const options = queryOptionsOf<string, Error, readonly ["m", "get"]>(["m", "get"], async (signal) => {
      seen = signal;
      return "value";
    });
    expect(await new QueryClient().fetchQuery(options)).toBe("value");
    expect(seen).toBeInstanceOf(AbortSignal);
    expect(options.queryKey).toEqual(["m", "get"]);
  });

  it("never retry: the client's transport has retried already", () => {
    expect(noRetry(0, new Error("x"))).toBe(false);
    const options = mutationOptionsOf<number, Error, number, readonly ["m", "set"]>(["m", "set"], async (n) => n * 2);
    expect(options.retry(1, new Error("x"))).toBe(false);
    expect(options.mutationKey).toEqual(["m", "set"]);
  });
});

describe("infiniteQueryOptionsOf", () => {
  it("walks the pages by `next` and stops after the last", async () => {
    const data = await new QueryClient().fetchInfiniteQuery({ ...pagedOptions((page) => (page.next === null ? undefined : { cursor: page.next })), pages: 10 });
    expect(data.pages.flatMap((page) => page.items)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(data.pageParams).toEqual([{}, { cursor: 2 }, { cursor: 4 }]);
  });

  it("ends when the server hands back a page already fetched", async () => {
    const data = await new QueryClient().fetchInfiniteQuery({ ...pagedOptions(() => ({ cursor: 2 })), pages: 10 });
    expect(data.pages).toHaveLength(2);
  });

  it("asks for the next page no sooner than spacingMs after the last page arrived", async () => {
    const calls: { args: Args; at: number }[] = [];
    await new QueryClient().fetchInfiniteQuery({ ...pagedOptions((page) => (page.next === null ? undefined : { cursor: page.next }), 80, calls), pages: 3 });
    expect(calls).toHaveLength(3);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(75);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(75);
  });

  it("the signal ends the wait for the next page", async () => {
    const client = new QueryClient();
    const options = pagedOptions((page) => (page.next === null ? undefined : { cursor: page.next }), 10_000);
    await client.fetchInfiniteQuery(options);
    const started = Date.now();
    const next = client.fetchInfiniteQuery({ ...options, pages: 2 }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await client.cancelQueries({ queryKey: options.queryKey });
    await next;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
