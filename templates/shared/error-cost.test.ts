import { expect, test } from "vitest";
import { answerCost } from "./error-cost.js";

test("a listed status wins over its class; unlisted statuses cost one request", () => {
  const costs = { "4XX": 10, "409": 5 };
  expect([409, 404, 500, 200].map((status) => answerCost(costs, status))).toEqual([5, 10, 1, 1]);
  expect(answerCost(undefined, 404)).toBe(1);
});
