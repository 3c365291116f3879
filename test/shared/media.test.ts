import { describe, expect, it } from "vitest";
import { isJsonMediaType } from "../../src/emit/shared/media.js";

describe("isJsonMediaType", () => {
  it.each([
    // RFC 8259
    ["application/json", true],
    ["APPLICATION/JSON", true],
    ["application/json; charset=utf-8", true],
    ["application/json;charset=UTF-8", true],
    [" application/json ", true],
    // RFC 6839 structured suffix, on any type
    ["application/problem+json", true],
    ["application/vnd.api+json", true],
    ["application/merge-patch+json; charset=utf-8", true],
    ["text/vnd.custom+json", true],
    // not one JSON text, or not JSON at all
    ["application/json-seq", false],
    ["application/geo+json-seq", false],
    ["application/jsonl", false],
    ["application/x-ndjson", false],
    ["application/jsonpath", false],
    ["text/json", false],
    ["text/json5", false],
    ["application/json5", false],
    ["application/javascript", false],
    ["application/+json", false],
    ["application/json+xml", false],
    ["application/xml; profile=json", false],
    ["application/octet-stream", false],
    ["multipart/form-data", false],
    ["json", false],
    ["", false],
  ])("%j -> %s", (contentType, expected) => {
    expect(isJsonMediaType(contentType)).toBe(expected);
  });
});
