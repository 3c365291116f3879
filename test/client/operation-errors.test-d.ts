// isOperationError narrows an error to what the catalogue documents for an operation and status.
// The registry is filled here by hand the way a generated errors/<module>.ts fills it.
import { expectTypeOf, test } from "vitest";
import type { ApiError, ErrorBody } from "../../templates/client/errors.js";
import { isOperationError, type OperationError } from "../../templates/client/operation-errors.js";

interface Problem {
  type?: string;
  title: string;
}

declare module "../../templates/client/operation-errors.js" {
  interface DocumentedErrors {
    getOffer: { 404: Problem; 409: string; "5XX": string };
    listOffers: { 400: Problem; default: { message: string } };
  }
}

declare const error: unknown;

test("a documented code gives its body", () => {
  if (isOperationError(error, "getOffer", 404)) {
    expectTypeOf(error.body).toEqualTypeOf<Problem>();
    expectTypeOf(error.status).toEqualTypeOf<404>();
    expectTypeOf(error.operationId).toEqualTypeOf<"getOffer">();
    expectTypeOf(error).toExtend<ApiError<Problem>>();
  }
  if (isOperationError(error, "getOffer", 409)) expectTypeOf(error.body).toEqualTypeOf<string>();
});

test("a range gives the bodies documented within it", () => {
  if (isOperationError(error, "getOffer", "5XX")) {
    expectTypeOf(error.body).toEqualTypeOf<string>();
    expectTypeOf(error.status).toEqualTypeOf<number>();
  }
});

test("without a status: every documented body, or an undocumented one", () => {
  if (isOperationError(error, "getOffer")) {
    expectTypeOf(error.body).toEqualTypeOf<Problem | string | ErrorBody | undefined>();
    expectTypeOf(error.status).toEqualTypeOf<number | undefined>();
  }
  if (isOperationError(error, "listOffers", 400)) expectTypeOf(error.body).toEqualTypeOf<Problem>();
  expectTypeOf<OperationError<"listOffers">["body"]>().toEqualTypeOf<Problem | { message: string } | ErrorBody | string | undefined>();
});

test("only documented operations and statuses are taken", () => {
  // @ts-expect-error no such operation in the registry
  isOperationError(error, "deleteOffer");
  // @ts-expect-error 418 is not documented for getOffer
  isOperationError(error, "getOffer", 418);
  // @ts-expect-error 4XX is not documented for getOffer (its 404 is)
  isOperationError(error, "getOffer", "4XX");
  // @ts-expect-error default is what is left, not a status to ask for
  isOperationError(error, "listOffers", "default");
  if (isOperationError(error, "getOffer", 404)) {
    // @ts-expect-error the documented body is a Problem, not a string
    const text: string = error.body;
    void text;
  }
});
