// Paths as documents write them: literal text around parameters in one segment, several
// parameters in one segment, a fixed query part and a fragment.
import { describe, expect, test } from "vitest";
import { createRouter } from "./router.js";
import type { HttpMethod, RouteDefinition, RouteSegment } from "./types.js";

function segment(text: string): RouteSegment {
  const parts = text.split(/(\{[^}]+\})/).filter((part) => part !== "").map((part) => (part.startsWith("{") ? { param: part.slice(1, -1) } : part));
  return parts.length === 1 ? parts[0]! : { parts };
}

function route(id: string, method: HttpMethod, template: string): RouteDefinition {
  const [path, query] = template.split("#")[0]!.split("?") as [string, string | undefined];
  const fixedQuery = query ? query.split("&").map((pair) => pair.split("=") as [string, string]) : undefined;
  return {
    id,
    module: "m",
    method,
    path: template,
    segments: path.slice(1).split("/").map(segment),
    ...(fixedQuery && { fixedQuery }),
    tokens: undefined,
    limits: undefined,
    query: undefined,
    body: { kind: "none" },
    status: 200,
  };
}

const router = createRouter([
  route("getAccount", "GET", "/2010-04-01/Accounts/{Sid}.json"),
  route("getAccountXml", "GET", "/2010-04-01/Accounts/{Sid}.xml"),
  route("listAccounts", "GET", "/2010-04-01/Accounts.json"),
  route("getAccountPlain", "GET", "/2010-04-01/Accounts/{Sid}"),
  route("thumbnail", "GET", "/files/{id}/thumbnail.{extension}"),
  route("compare", "GET", "/repos/{owner}/compare/{base}...{head}"),
  route("listItems", "GET", "/items"),
  route("listBetaItems", "GET", "/items?beta=true"),
  route("listBetaV2Items", "GET", "/items?beta=true&v=2"),
  route("createItem", "POST", "/items#create"),
  route("createItemAgain", "POST", "/items#copy"),
]);

function found(method: string, path: string, search?: string): string {
  const result = router.match(method, path, search);
  return result.kind === "found" ? `${result.route.id} ${JSON.stringify(result.params)}` : result.kind;
}

describe("router: segments with text around parameters", () => {
  test("literal text before and after a parameter", () => {
    expect(found("GET", "/2010-04-01/Accounts/AC123.json")).toBe('getAccount {"Sid":"AC123"}');
    expect(found("GET", "/2010-04-01/Accounts/AC123.xml")).toBe('getAccountXml {"Sid":"AC123"}');
    expect(found("GET", "/files/7/thumbnail.png")).toBe('thumbnail {"id":"7","extension":"png"}');
  });
  test("a static segment wins, a whole-segment parameter takes what no pattern matches", () => {
    expect(found("GET", "/2010-04-01/Accounts.json")).toBe("listAccounts {}");
    expect(found("GET", "/2010-04-01/Accounts/AC123")).toBe('getAccountPlain {"Sid":"AC123"}');
  });
  test("a parameter is never empty", () => {
    expect(found("GET", "/2010-04-01/Accounts/.json")).toBe('getAccountPlain {"Sid":".json"}');
    expect(found("GET", "/files/7/thumbnail.")).toBe("not-found");
  });
  test("several parameters in one segment, decoded", () => {
    expect(found("GET", "/repos/me/compare/main...feature%2Fx")).toBe('compare {"owner":"me","base":"main","head":"feature/x"}');
    expect(found("GET", "/repos/me/compare/a...b...c")).toBe('compare {"owner":"me","base":"a","head":"b...c"}');
    expect(found("GET", "/repos/me/compare/main..feature")).toBe("not-found");
  });
  test("405 lists the methods of pattern routes too", () => {
    expect(router.match("DELETE", "/files/7/thumbnail.png")).toEqual({ kind: "method-not-allowed", allow: ["GET"] });
  });
});

describe("router: a fragment naming a query parameter or header (AWS's /#Action=X)", () => {
  const told = (id: string, method: HttpMethod, template: string, ...pairs: ["query" | "header", string, string][]): RouteDefinition => ({
    ...route(id, method, template),
    segments: [],
    fragmentMatch: pairs,
  });
  const aws = createRouter([
    told("describeThings", "GET", "/#Action=DescribeThings", ["query", "Action", "DescribeThings"]),
    told("deleteThings", "GET", "/#Action=DeleteThings", ["query", "Action", "DeleteThings"]),
    told("putThing", "POST", "/#X-Amz-Target=T.PutThing", ["header", "x-amz-target", "T.PutThing"]),
    told("deleteThing", "POST", "/#X-Amz-Target=T.DeleteThing", ["header", "x-amz-target", "T.DeleteThing"]),
  ]);
  const at = (method: string, search: string, headers: Record<string, string> = {}) => {
    const result = aws.match(method, "/", search, (name) => headers[name] ?? null);
    return result.kind === "found" ? result.route.id : result.kind;
  };
  test("the query parameter the fragment names picks the operation", () => {
    expect(at("GET", "?Action=DescribeThings&Version=1")).toBe("describeThings");
    expect(at("GET", "?Version=1&Action=DeleteThings")).toBe("deleteThings");
  });
  test("the header the fragment names picks the operation", () => {
    expect(at("POST", "", { "x-amz-target": "T.DeleteThing" })).toBe("deleteThing");
    expect(at("POST", "", { "x-amz-target": "T.PutThing" })).toBe("putThing");
  });
  test("a request naming no operation, or another one, reaches none", () => {
    expect(at("GET", "?Action=Nothing")).toBe("not-found");
    expect(at("GET", "")).toBe("not-found");
    expect(at("POST", "?Action=DescribeThings")).toBe("not-found");
    expect(at("PUT", "")).toBe("method-not-allowed");
  });
  test("a route the fragment tells apart comes before the plain one", () => {
    const mixed = createRouter([route("plain", "GET", "/x"), { ...route("told", "GET", "/x#Action=A"), fragmentMatch: [["query", "Action", "A"]] }]);
    expect(mixed.match("GET", "/x", "?Action=A")).toMatchObject({ kind: "found", route: { id: "told" } });
    expect(mixed.match("GET", "/x", "?Action=B")).toMatchObject({ kind: "found", route: { id: "plain" } });
  });
});

describe("router: fixed query and fragment", () => {
  test("the route asking most of the query wins; without it, the plain route", () => {
    expect(found("GET", "/items")).toBe("listItems {}");
    expect(found("GET", "/items", "?beta=false")).toBe("listItems {}");
    expect(found("GET", "/items", "?beta=true")).toBe("listBetaItems {}");
    expect(found("GET", "/items", "page=2&beta=true")).toBe("listBetaItems {}");
    expect(found("GET", "/items", "?v=2&beta=true")).toBe("listBetaV2Items {}");
  });
  test("operations differing only by fragment share the wire: the first declared answers", () => {
    expect(found("POST", "/items")).toBe("createItem {}");
  });
  test("a fixed query the request lacks is 404, not a 405 that allows the method asked", () => {
    const only = createRouter([route("beta", "GET", "/beta?on=1")]);
    expect(only.match("GET", "/beta").kind).toBe("not-found");
    expect(only.match("POST", "/beta")).toEqual({ kind: "method-not-allowed", allow: ["GET"] });
  });
  test("two routes of one path, method and fixed query are refused", () => {
    expect(() => createRouter([route("a", "GET", "/x?y=1"), route("b", "GET", "/x?y=1")])).toThrow(/both answer GET/);
  });
});
