import { describe, expect, test } from "vitest";
import { framed, ItemTooLarge } from "./stream.js";

/** A reader over `chunks` (strings encoded as UTF-8, or bytes), as a response body gives them. */
function reader(chunks: (string | Uint8Array)[]): ReadableStreamDefaultReader<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  }).getReader();
}

async function all(chunks: (string | Uint8Array)[], format: string, max = 1 << 20): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const item of framed(reader(chunks), format, max)) items.push(item);
  return items;
}

describe("framed", () => {
  test("JSON Lines: one item per line, across chunk boundaries, blank lines and CRLF skipped, a last line without its newline kept", async () => {
    expect(await all(['{"a":1}\n{"a"', ':2}\r\n\n', '{"a":3}'], "jsonl")).toEqual(['{"a":1}', '{"a":2}', '{"a":3}']);
  });

  test("a multi-byte character split between chunks is decoded whole", async () => {
    const bytes = new TextEncoder().encode('"é€"\n');
    expect(await all([bytes.subarray(0, 2), bytes.subarray(2, 4), bytes.subarray(4)], "jsonl")).toEqual(['"é€"']);
  });

  test("JSON text sequences: records after RS", async () => {
    expect(await all(["\u001e1\n\u001e", '{"b":2}\n'], "json-seq")).toEqual(["1", '{"b":2}']);
  });

  test("SSE: fields of each event, data lines joined, comments skipped, a last event without its blank line dropped", async () => {
    const text = ": hello\nevent: delta\nid: 7\ndata: a\ndata:b\n\nretry: 50\n\ndata: no end";
    expect(await all([text.slice(0, 9), text.slice(9)], "sse")).toEqual([{ event: "delta", id: "7", data: "a\nb" }, { retry: "50" }]);
  });

  test("an item over the limit throws ItemTooLarge, in one chunk or across several", async () => {
    await expect(all([`${"x".repeat(100)}\n`], "jsonl", 50)).rejects.toBeInstanceOf(ItemTooLarge);
    await expect(all(["x".repeat(30), "x".repeat(30)], "jsonl", 50)).rejects.toBeInstanceOf(ItemTooLarge);
    expect(await all([`${"x".repeat(50)}\n`], "jsonl", 50)).toEqual(["x".repeat(50)]);
  });
});

describe("SSE line ends (issue 42, point 4)", () => {
  const events = [{ event: "delta", id: "1", data: "a\nb" }, { data: "c" }];
  const text = "event: delta\nid: 1\ndata: a\ndata: b\n\ndata: c\n\n";

  test("CR alone, CRLF and LF give the same events", async () => {
    expect(await all([text.replace(/\n/g, "\r")], "sse")).toEqual(events);
    expect(await all([text.replace(/\n/g, "\r\n")], "sse")).toEqual(events);
    expect(await all([text], "sse")).toEqual(events);
  });

  test("a CRLF split between chunks is one line end, not a blank line", async () => {
    const crlf = text.replace(/\n/g, "\r\n");
    for (let at = 1; at < crlf.length; at++) {
      expect(await all([crlf.slice(0, at), "", crlf.slice(at)], "sse"), `split at ${at}`).toEqual(events);
    }
    const cr = text.replace(/\n/g, "\r");
    for (let at = 1; at < cr.length; at++) expect(await all([cr.slice(0, at), cr.slice(at)], "sse"), `split at ${at}`).toEqual(events);
  });

  test("JSON Lines and JSON text sequences still split on LF and RS only", async () => {
    expect(await all(['{"a":"x\\ry"}\r\n{"a":2}\n'], "jsonl")).toEqual(['{"a":"x\\ry"}', '{"a":2}']);
  });
});
