import { expect, test } from "vitest";
import { ApiError } from "./errors.js";
import { isOperationError } from "./operation-errors.js";

const failure = (operationId: string, status: number | undefined) =>
  new ApiError({ kind: "http", message: "m", operationId, method: "GET", url: "u", status, body: { title: "t" } });

test("isOperationError matches the operation, then the code or the range", () => {
  const args = (op: string, status?: number | string) => [failure("getOffer", 404), op, status] as [unknown, never, never];
  expect(isOperationError(...args("getOffer"))).toBe(true);
  expect(isOperationError(...args("getOffer", 404))).toBe(true);
  expect(isOperationError(...args("getOffer", "4XX"))).toBe(true);
  expect(isOperationError(...args("getOffer", 409))).toBe(false);
  expect(isOperationError(...args("getOffer", "5XX"))).toBe(false);
  expect(isOperationError(...args("listOffers"))).toBe(false);
  expect(isOperationError(failure("getOffer", undefined), "getOffer" as never, "4XX" as never)).toBe(false);
  expect(isOperationError(failure("getOffer", undefined), "getOffer" as never)).toBe(true);
  expect(isOperationError(new Error("x"), "getOffer" as never)).toBe(false);
});
