import { describe, expect, test } from "vitest";
import { BodyTooLargeError, acceptsMediaType, mediaType, parseJson, readBodyBytes } from "./body.js";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://x/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readBodyBytes", () => {
  test("reads the bytes; empty and absent bodies are undefined", async () => {
    expect(await readBodyBytes(post("abc"), 10)).toEqual(new TextEncoder().encode("abc"));
    expect(await readBodyBytes(post(""), 10)).toBeUndefined();
    expect(await readBodyBytes(new Request("http://x/"), 10)).toBeUndefined();
  });

  test("exactly the cap passes, one byte more fails", async () => {
    expect((await readBodyBytes(post("x".repeat(10)), 10))?.byteLength).toBe(10);
    await expect(readBodyBytes(post("x".repeat(11)), 10)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  test("stops pulling from an endless stream at the cap", async () => {
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(100));
      },
    });
    await expect(readBodyBytes(post(endless), 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulls).toBeLessThan(15);
  });

  test("a declared Content-Length over the cap fails before reading", async () => {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(1));
      },
    });
    await expect(readBodyBytes(post(stream, { "content-length": "5000" }), 1000)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulls).toBeLessThanOrEqual(1);
  });
});

describe("media types and JSON", () => {
  test("media types", () => {
    expect(mediaType("Application/JSON; charset=utf-8")).toBe("application/json");
    expect(mediaType(null)).toBeUndefined();
    expect(acceptsMediaType(["image/*"], "image/png")).toBe(true);
    expect(acceptsMediaType(["image/*"], "imagex/png")).toBe(false);
    expect(acceptsMediaType(["*/*"], "text/plain")).toBe(true);
    expect(acceptsMediaType(["application/pdf"], "application/json")).toBe(false);
  });

  test("parseJson: valid, invalid, invalid UTF-8", () => {
    expect(parseJson(new TextEncoder().encode('{"__proto__":{"x":1}}'))).toEqual(JSON.parse('{"__proto__":{"x":1}}'));
    expect(() => parseJson(new TextEncoder().encode("{"))).toThrow();
    expect(() => parseJson(new Uint8Array([0x22, 0xff, 0x22]))).toThrow();
  });
});
