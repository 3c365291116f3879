// Typed error bodies: `isOperationError(error, "getOffer", 404)` narrows an error to the one the
// catalogue documents for that operation and status, `body` typed. Types only, but for the guard.
import { ApiError, type ErrorBody } from "./errors.js";

/**
 * Operation id -> its documented error responses, by status (`404`, `"4XX"`, `"default"`) -> body
 * type. Each generated `errors/<module>.ts` adds its operations to it.
 */
export interface DocumentedErrors {}

/** The body of an error the catalogue does not document: parsed when a JSON object, the text otherwise. */
type UndocumentedBody = ErrorBody | string | undefined;

type Errors<O extends keyof DocumentedErrors> = DocumentedErrors[O];

/** The statuses `isOperationError` takes for an operation: its documented codes and ranges. */
export type DocumentedStatus<O extends keyof DocumentedErrors> = Exclude<keyof Errors<O>, "default"> & (number | `${4 | 5}XX`);

type Lookup<M, K> = K extends keyof M ? M[K] : never;

/** The body the catalogue gives for status S, or the range's, or `default`'s, or else an undocumented one. */
type BodyOfCode<M, S extends number> = S extends keyof M
  ? M[S]
  : `${S}` extends `${infer Hundred extends 4 | 5}${string}`
    ? `${Hundred}XX` extends keyof M
      ? Lookup<M, `${Hundred}XX`>
      : "default" extends keyof M
        ? Lookup<M, "default">
        : UndocumentedBody
    : UndocumentedBody;

/** The bodies documented within a range: the range's own and those of its codes. */
type BodyOfRange<M, R extends string> = { [K in keyof M]: `${K & (string | number)}` extends `${R extends `${infer H}XX` ? H : never}${string}` ? (K extends "default" ? never : M[K]) : never }[keyof M];

/** An error of operation O (with status S, when given), its body typed by the catalogue. */
export type OperationError<O extends keyof DocumentedErrors, S extends DocumentedStatus<O> | undefined = undefined> = S extends number
  ? ApiError<BodyOfCode<Errors<O>, S>> & { readonly operationId: O; readonly status: S }
  : S extends string
    ? ApiError<BodyOfRange<Errors<O>, S>> & { readonly operationId: O; readonly status: number }
    : ApiError<Errors<O>[keyof Errors<O>] | UndocumentedBody> & { readonly operationId: O };

/**
 * True when `error` is an ApiError of `operation` (with `status`, when given: a documented code,
 * or a range such as `"4XX"`). The body is not checked against its type: it is what the server sent,
 * parsed by its content type.
 */
export function isOperationError<O extends keyof DocumentedErrors, S extends DocumentedStatus<O> | undefined = undefined>(
  error: unknown,
  operation: O,
  status?: S,
): error is OperationError<O, S> {
  if (!(error instanceof ApiError) || error.operationId !== operation || (status !== undefined && error.status === undefined)) return false;
  return status === undefined || (typeof status === "number" ? error.status === status : String(error.status)[0] === String(status)[0]);
}
