import { expect, expectTypeOf, test } from "vitest";
import { bind, type Bound } from "./bind.js";
import type { Transport } from "./transport.js";

test("bind passes the transport first, then the caller's arguments, and returns the result", () => {
  const transport = { send: () => Promise.resolve(undefined) } as unknown as Transport;
  const seen: unknown[][] = [];
  const operation = (t: Transport, args: { id: number }, extra?: string): string => {
    seen.push([t, args, extra]);
    return `got ${args.id}`;
  };
  const bound = bind(transport, operation);
  expect(bound({ id: 7 }, "x")).toBe("got 7");
  expect(bound({ id: 8 })).toBe("got 8");
  expect(seen).toEqual([
    [transport, { id: 7 }, "x"],
    [transport, { id: 8 }, undefined],
  ]);
  expectTypeOf(bound).toEqualTypeOf<Bound<typeof operation>>();
  expectTypeOf<Bound<typeof operation>>().toEqualTypeOf<(args: { id: number }, extra?: string) => string>();
});
