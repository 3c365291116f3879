import { describe, expect, test } from "vitest";
import { createRouter } from "./router.js";
import type { HttpMethod, RouteDefinition, RouteSegment } from "./types.js";

function route(id: string, method: HttpMethod, path: string): RouteDefinition {
  const segments: RouteSegment[] = path
    .slice(1)
    .split("/")
    .map((segment) => (segment.startsWith("{") ? { param: segment.slice(1, -1) } : segment));
  return { id, module: "m", method, path, segments, tokens: undefined, limits: undefined, query: undefined, body: { kind: "none" }, status: 200 };
}

const router = createRouter([
  route("getOffer", "GET", "/api/v1/offers/{offer_id}"),
  route("updateOffer", "POST", "/api/v1/offers/{offer_id}"),
  route("listOwnOffers", "GET", "/api/v1/offers/author"),
  route("setOfferCover", "POST", "/api/v1/offers/thumb"),
  route("getKeys", "GET", "/api/v1/offer/keys/{offer_id}"),
  route("updateStatus", "POST", "/api/v1/offer/{offer_id}"),
  route("ping", "GET", "/ping"),
]);

function found(method: string, path: string): string {
  const result = router.match(method, path);
  return result.kind === "found" ? `${result.route.id} ${JSON.stringify(result.params)}` : result.kind;
}

describe("router", () => {
  test("static beats parameter, parameter takes the rest", () => {
    expect(found("GET", "/api/v1/offers/author")).toBe("listOwnOffers {}");
    expect(found("POST", "/api/v1/offers/thumb")).toBe("setOfferCover {}");
    expect(found("GET", "/api/v1/offers/42")).toBe(`getOffer {"offer_id":"42"}`);
    expect(found("POST", "/api/v1/offers/42")).toBe(`updateOffer {"offer_id":"42"}`);
  });

  test("a request goes to the most specific route that has its method", () => {
    // /offers/thumb has only POST as a static route; GET reaches the parameter route.
    expect(found("GET", "/api/v1/offers/thumb")).toBe(`getOffer {"offer_id":"thumb"}`);
    // /offer/keys leads nowhere for POST, so the parameter route takes "keys".
    expect(found("POST", "/api/v1/offer/keys")).toBe(`updateStatus {"offer_id":"keys"}`);
  });

  test("405 lists every method of every route matching the path, sorted", () => {
    expect(router.match("DELETE", "/api/v1/offers/author")).toEqual({ kind: "method-not-allowed", allow: ["GET", "POST"] });
    expect(router.match("POST", "/ping")).toEqual({ kind: "method-not-allowed", allow: ["GET"] });
  });

  test("404 for unknown, too long, too short, trailing-slash and empty-segment paths", () => {
    for (const path of ["/", "/pong", "/ping/", "/ping/x", "/api/v1/offers", "/api/v1/offers/", "//ping"]) {
      expect(router.match("GET", path).kind, path).toBe("not-found");
    }
  });

  test("parameters are percent-decoded; malformed encoding is reported", () => {
    expect(found("GET", "/api/v1/offers/%E2%82%AC%2F1")).toBe(`getOffer {"offer_id":"€/1"}`);
    expect(router.match("GET", "/api/v1/offers/%E2%82")).toMatchObject({ kind: "malformed-parameter", name: "offer_id" });
    // Encoded static segments still match their route.
    expect(found("GET", "/api/v1/offers/%61uthor")).toBe("listOwnOffers {}");
  });

  test("a parameter named __proto__ stays a plain property", () => {
    const proto = createRouter([route("p", "GET", "/x/{__proto__}")]);
    const result = proto.match("GET", "/x/1");
    expect(result.kind).toBe("found");
    if (result.kind === "found") {
      expect(Object.getPrototypeOf(result.params)).toBe(Object.prototype);
      expect(Object.keys(result.params)).toEqual(["__proto__"]);
    }
  });

  test("two routes with the same method and shape are refused at startup", () => {
    expect(() => createRouter([route("a", "GET", "/x/{a}"), route("b", "GET", "/x/{b}")])).toThrow(/a and b both answer GET/);
  });
});
