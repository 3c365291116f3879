import { expect, test } from "vitest";
import { frame, streamResponse } from "./stream.js";

test("frame: SSE fields, data split by lines, text or JSON; JSON Lines; JSON text sequences", () => {
  const sse = { format: "sse", contentType: "text/event-stream" } as const;
  expect(frame({ event: "delta", id: "1", data: { a: 1 } }, sse)).toBe('event: delta\nid: 1\ndata: {"a":1}\n\n');
  expect(frame({ data: "two\nlines" }, { ...sse, data: "text" })).toBe("data: two\ndata: lines\n\n");
  expect(frame({ event: "bad\nname", data: 1, retry: 10 }, sse)).toBe("event: bad name\nretry: 10\ndata: 1\n\n");
  expect(frame({ a: 1 }, { format: "jsonl", contentType: "application/jsonl" })).toBe('{"a":1}\n');
  expect(frame({ a: 1 }, { format: "json-seq", contentType: "application/json-seq" })).toBe('\u001e{"a":1}\n');
});

test("streamResponse asks for an item only when the last was read, and ends the iterable when cancelled", async () => {
  let asked = 0;
  let ended = false;
  async function* items() {
    try {
      for (;;) {
        asked++;
        yield { n: asked };
      }
    } finally {
      ended = true;
    }
  }
  const response = streamResponse(items(), { format: "jsonl", contentType: "application/jsonl" }, 200);
  expect(response.headers.get("content-type")).toBe("application/jsonl");
  const reader = response.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"n":1}\n');
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(asked).toBeLessThanOrEqual(2);
  await reader.cancel();
  expect(ended).toBe(true);
});
