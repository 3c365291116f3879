// A handler's documented error responses: `context.reply(404, "application/problem+json", body)`
// answers with a status, media type and body the catalogue documents for the operation, each typed.
import { isJsonMediaType } from "../shared/media.js";

/**
 * An operation's documented error responses, as the generated handler types give them:
 * status (`404`, `"4XX"`, `"default"`) -> media type -> the body's type.
 */
export type ErrorResponses = { readonly [status: string | number]: { readonly [mediaType: string]: unknown } };

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Code<Hundred extends 4 | 5> = `${Hundred}${Digit}${Digit}` extends `${infer N extends number}` ? N : never;

/**
 * The statuses a handler may reply with: the documented codes, every code of a documented range,
 * any error code under `default`; none for an operation that documents no error response.
 */
export type ReplyStatus<E> = [E] extends [never] ? never : DocumentedCodes<E>;

type DocumentedCodes<E> =
  | Extract<keyof E, number>
  | ("4XX" extends keyof E ? Code<4> : never)
  | ("5XX" extends keyof E ? Code<5> : never)
  | ("default" extends keyof E ? Code<4> | Code<5> : never);

/** The media types documented for status S: the code's own, else its range's, else `default`'s. */
export type ReplyMedia<E, S extends number> = S extends keyof E
  ? E[S]
  : `${S}` extends `${infer H extends 4 | 5}${string}`
    ? `${H}XX` extends keyof E
      ? E[`${H}XX` & keyof E]
      : "default" extends keyof E
        ? E["default"]
        : never
    : never;

/** A reply: JSON media types send the value as JSON, others a string or bytes as they are. */
export function replyResponse(status: number, mediaType: string, body: unknown): Response {
  const payload = isJsonMediaType(mediaType) ? JSON.stringify(body) : (body as string | Uint8Array<ArrayBuffer>);
  return new Response(payload, { status, headers: { "content-type": mediaType } });
}
