// What passes between the request pipeline (handler.ts) and the adapters that feed it: a web
// `Request` (handler.ts itself) or node's request and response (node.ts). The pipeline reads only
// what an operation needs (method, path, a few headers, the body when there is one), and answers
// with plain data unless a handler returned its own `Response`; the node adapter writes that data
// straight to the socket, without making a web `Request` or `Response` it does not need.

/** The request as the pipeline reads it. */
export interface Incoming {
  /** As received; the pipeline upper-cases it where it compares. */
  readonly method: string;
  /** Percent-encoded, as in `new URL(url).pathname`. */
  readonly pathname: string;
  /** `?...` or empty, as in `new URL(url).search`. */
  readonly search: string;
  /** A header's value (several joined by ", "), or null; `name` is lower-case. */
  header(name: string): string | null;
  /** Whether the request carries a body at all. */
  readonly hasBody: boolean;
  /** The body's bytes (undefined when empty); throws BodyTooLargeError past `maxBytes`. */
  readBody(maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** The web request for a handler, made when first asked for; `bytes`: the body, when already read. */
  request(bytes: Uint8Array<ArrayBuffer> | undefined): Request;
}

/**
 * An answer the pipeline made itself: status, headers and a body ready to send. Header names are
 * lower-case and always the pipeline's own (never from a request or a handler), so a plain object holds them.
 */
export interface PlainAnswer {
  readonly status: number;
  readonly statusText: string | undefined;
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array<ArrayBuffer> | null;
}

/** A handler's own `Response` goes out as it is; anything else as plain data. */
export type Answer = Response | PlainAnswer;

/** An answer at once when nothing on the way was asynchronous. */
export type Pipeline = (incoming: Incoming) => Answer | Promise<Answer>;

/** Where a request handler made by createRequestHandler keeps its pipeline, for toNodeHandler. */
export const PIPELINE: unique symbol = Symbol("catalogen.pipeline");

/** A request handler that carries its pipeline. */
export interface PipelineCarrier {
  readonly [PIPELINE]?: Pipeline;
}

export function toWebResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.body, {
    status: answer.status,
    ...(answer.statusText !== undefined && { statusText: answer.statusText }),
    headers: answer.headers,
  });
}
