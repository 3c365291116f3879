import { describe, expect, test } from "vitest";
import type { PagingData } from "./descriptors.js";
import { itemsOf, nextArgs, nextLink } from "./paging.js";

const cursor: PagingData = { style: "cursor", items: ["data"], next: ["meta", "next"], cursor: { in: "query", name: "cursor" } };

describe("nextArgs", () => {
  test("cursor: the next cursor goes where the catalogue says, the other arguments stay", () => {
    expect(nextArgs({ id: "x", query: { limit: 2 } }, { data: [1, 2], meta: { next: "c2" } }, 2, cursor, null)).toEqual({ id: "x", query: { limit: 2, cursor: "c2" } });
    expect(nextArgs({ body: { text: "t" } }, { meta: { next: "c2" } }, 2, { ...cursor, cursor: { in: "body", name: "after" } }, null)).toEqual({ body: { text: "t", after: "c2" } });
  });

  test("cursor: a missing, null or empty next cursor ends the paging", () => {
    for (const next of [undefined, null, ""]) expect(nextArgs({}, { meta: { next } }, 2, cursor, null)).toBeUndefined();
  });

  test("offset and page count on; a page shorter than the limit is the last", () => {
    const offset: PagingData = { style: "offset", items: [], offset: { in: "query", name: "offset" }, limit: { in: "query", name: "limit" } };
    expect(nextArgs({ query: { limit: 3 } }, [1, 2, 3], 3, offset, null)).toEqual({ query: { limit: 3, offset: 3 } });
    expect(nextArgs({ query: { limit: 3, offset: 3 } }, [1, 2], 2, offset, null)).toBeUndefined();
    const page: PagingData = { style: "page", items: [], page: { in: "query", name: "page" } };
    expect(nextArgs({}, [1], 1, page, null)).toEqual({ query: { page: 2 } });
    expect(nextArgs({ query: { page: 4 } }, [1], 1, page, null)).toEqual({ query: { page: 5 } });
  });

  test("next-url and link: only the query of the next URL is sent, to the same operation", () => {
    const url: PagingData = { style: "next-url", items: ["items"], next: ["next"] };
    expect(nextArgs({ id: "x", query: { old: 1 } }, { next: "https://elsewhere.example/v1/things?after=5&tag=a&tag=b" }, 2, url, null)).toEqual({
      id: "x",
      query: { after: "5", tag: ["a", "b"] },
    });
    const link: PagingData = { style: "link", items: [] };
    expect(nextArgs({}, [1], 1, link, '</things?page=2>; rel="next", </things?page=9>; rel="last"')).toEqual({ query: { page: "2" } });
    expect(nextArgs({}, [1], 1, link, '</things?page=9>; rel="last"')).toBeUndefined();
  });
});

test("nextLink reads rel lists and unquoted rels", () => {
  expect(nextLink('<https://a.example/p?x=1>; rel="prev next"')).toBe("https://a.example/p?x=1");
  expect(nextLink("<https://a.example/p?x=2>; rel=next")).toBe("https://a.example/p?x=2");
  expect(nextLink("<https://a.example/p>; rel=prev")).toBeUndefined();
});

test("itemsOf: the array at the path, [] for anything else", () => {
  expect(itemsOf({ a: { b: [1] } }, { style: "link", items: ["a", "b"] })).toEqual([1]);
  expect(itemsOf([1, 2], { style: "link", items: [] })).toEqual([1, 2]);
  expect(itemsOf({ a: null }, { style: "link", items: ["a", "b"] })).toEqual([]);
  expect(itemsOf({ constructor: 1 }, { style: "link", items: ["toString"] })).toEqual([]);
});
