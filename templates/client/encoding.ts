// Arguments to URL and body; response to value.
import { isJsonMediaType } from "../shared/media.js";
import type { ArgsToWrite, BodyEncoding, EncodedBody, FetchBody, StyleOf, Styles, WriteArgs, WrittenArgs } from "./descriptors.js";
import { encodeSegment, formEncode, partsOf, textOf } from "./url-text.js";

export type { ArgsToWrite, BodyEncoding, EncodedBody, FetchBody, Styles, WrittenArgs };

// The default writers (form with explode in the query and cookies, simple in the path and
// headers) are here; an operation whose parameters are written by another style carries the
// style writers in its descriptor (`styled()` of styles.ts), so only programs that call one bundle them.
/** The style of the parameter `key` (`query:name`...), if written otherwise than by default; undefined whenever `styles` is. */
function styleOf(styles: Styles | undefined, key: string): StyleOf | undefined {
  return styles !== undefined && Object.hasOwn(styles.of, key) ? styles.of[key] : undefined;
}

/** Form with explode: `name=value`, an array as repeated keys, an object as one key per property. */
function formQuery(name: string, value: unknown, encode: (text: string) => string = formEncode): string {
  if (value == null) return "";
  const parts = partsOf(value);
  if (parts === undefined) return `${encode(name)}=${encode(textOf(value))}`;
  const pairs = "list" in parts ? parts.list.map((item): [string, string] => [name, item]) : parts.pairs;
  return pairs.map(([key, item]) => `${encode(key)}=${encode(item)}`).join("&");
}

/** Simple without explode: items and key,value pairs comma-separated. */
function simple(value: unknown, encode: (text: string) => string): string {
  const parts = partsOf(value);
  if (parts === undefined) return value == null ? "" : encode(textOf(value));
  return ("list" in parts ? parts.list : parts.pairs.flat()).map(encode).join(",");
}

/** Query parameters where the catalogue does not document them: primitives, or arrays of them (repeated keys). */
export type QueryParams = {
  readonly [name: string]: string | number | boolean | null | undefined | readonly (string | number | boolean)[];
};

/** A body sent as is: form data (multipart upload), bytes or a stream. Anything else is sent as JSON. */
export type RawBody = FormData | URLSearchParams | Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>;

/**
 * A request body where the catalogue does not document it: a RawBody is sent as is, any other
 * value as JSON. (`unknown`, so that any interface of the caller's fits.)
 */
export type RequestBody = unknown;

/** Thrown for an argument refused before any request is sent. */
export class InvalidArgument extends Error {}

/**
 * The path with each `{name}` replaced by its value, written by its style (simple by default:
 * percent-encoded, arrays and objects comma-separated); an empty segment, `.` and `..` are refused.
 */
export function expandPath(template: string, values: Readonly<Record<string, unknown>>, styles?: Styles): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    const written = styleOf(styles, `path:${name}`);
    const text = written ? styles!.path(name, value, ...written) : simple(value, encodeSegment);
    if (text === "" || text === "." || text === "..") {
      throw new InvalidArgument(`path parameter ${name} must not be ${text === "" ? "empty" : `"${text}"`}`);
    }
    return text;
  });
}

/**
 * `?a=1&b=x&b=y`, or "" when there is nothing to send. Null and undefined values are left out.
 * Each parameter is written by its style (form with explode by default: arrays as repeated keys,
 * objects as one key per property).
 */
export function queryString(query: Readonly<Record<string, unknown>> | undefined, styles?: Styles): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    const written = styleOf(styles, `query:${name}`);
    const text = written ? styles!.query(name, value, ...written) : formQuery(name, value);
    if (text !== "") pairs.push(text);
  }
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

/**
 * Header parameters written by their style (simple: arrays and objects comma-separated), and the
 * cookie parameters as one `cookie` header (form style, `; `-joined).
 */
export function headerValues(headers: Readonly<Record<string, unknown>> | undefined, cookies: Readonly<Record<string, unknown>> | undefined, styles?: Styles): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const written = styleOf(styles, `header:${name}`);
    if (value != null) result[name] = written ? styles!.header(value, written[1]) : simple(value, String);
  }
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(cookies ?? {})) {
    const written = styleOf(styles, `cookie:${name}`);
    const text = written ? styles!.cookie(name, value, written[1]) : formQuery(name, value, encodeURIComponent).replaceAll("&", "; ");
    if (text !== "") pairs.push(text);
  }
  if (pairs.length > 0) result["cookie"] = pairs.join("; ");
  return result;
}

/**
 * The query (appended to `url`), the header and cookie parameters and the body of `args`, each
 * written by its style. In the descriptor (`write`) of each operation whose arguments hold more
 * than path parameters, so a program calling only operations with path parameters bundles none of it.
 */
export function writeArgs(args: ArgsToWrite, url: string, styles?: Styles, body?: BodyEncoding): WrittenArgs {
  return { url: withQuery(url, queryString(args.query, styles)), headers: headerValues(args.headers, args.cookies, styles), encoded: encodeBody(args.body, body) };
}

/**
 * `writeArgs` for the operations of a module that declares no header or cookie parameters: the
 * query and the body only, so a program of such operations bundles no header or cookie writer.
 */
export function writeQueryAndBody(args: ArgsToWrite, url: string, styles?: Styles, body?: BodyEncoding): WrittenArgs {
  return { url: withQuery(url, queryString(args.query, styles)), headers: {}, encoded: encodeBody(args.body, body) };
}

/** The parameters an operation sends by itself, by location: each one the catalogue allows a single value of. */
export interface Constants {
  readonly query?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, unknown>>;
}

/**
 * `write` that first fills in the required parameters the catalogue allows one value of (AWS's
 * `Action`, `Version`, `X-Amz-Target`) wherever the call leaves them out. In the descriptor of
 * each operation that has such parameters only.
 */
export function withConstants(write: WriteArgs, constants: Constants): WriteArgs {
  const filled = (given: Readonly<Record<string, unknown>> | undefined, fixed: Readonly<Record<string, unknown>> | undefined) => {
    if (fixed === undefined) return given;
    const all: Record<string, unknown> = { ...fixed, ...given };
    for (const name of Object.keys(fixed)) all[name] ??= fixed[name];
    return all;
  };
  return (args, url, styles, body) => write({ ...args, query: filled(args.query, constants.query), headers: filled(args.headers, constants.headers) }, url, styles, body);
}

/** A path that may carry a fixed query (`/items?beta=true`) followed by a query string from `queryString`. */
export function withQuery(pathAndQuery: string, query: string): string {
  return query !== "" && pathAndQuery.includes("?") ? `${pathAndQuery}&${query.slice(1)}` : pathAndQuery + query;
}

/** Base URL (with or without a trailing slash, may carry a path prefix) joined with an expanded path. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, "") + path;
}

export function encodeBody(body: unknown, encoding?: BodyEncoding): EncodedBody {
  if (body === undefined) return { once: false };
  if (typeof ReadableStream !== "undefined" && body instanceof ReadableStream) return { body, once: true };
  if (isRawBody(body)) return { body: body as FetchBody, once: false };
  if (encoding && typeof body === "object" && body !== null) return { once: false, ...encoding(body) };
  return { body: JSON.stringify(body), contentType: "application/json", once: false };
}

// Each class by name (not `globalThis[name]`, which makes a consumer's type checker resolve every
// global: a thousand types more).
function isRawBody(body: unknown): boolean {
  return (
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** A file part of a multipart body: what browser and Node callers hold (a File is a Blob with a name). */
export type FilePart = Blob | File | Uint8Array | ReadableStream<Uint8Array>;

/** A typed multipart body: the fields its type gives as bytes (`Uint8Array`) take any FilePart. */
export type MultipartFields<T> = { [K in keyof T]: AsPart<T[K]> };
type AsPart<V> = V extends Uint8Array ? FilePart : V extends readonly (infer Item)[] ? AsPart<Item>[] : V;

/** Thrown when a response body is larger than the limit; what was read so far is dropped. */
export class ResponseTooLarge extends Error {}

/**
 * The body's bytes, refusing one over `maxBytes` (0: no limit) without reading past it: a
 * Content-Length over the limit is refused before reading at all.
 */
export async function readBytes(response: Response, maxBytes: number): Promise<Uint8Array> {
  const limited = maxBytes > 0 && Number.isFinite(maxBytes);
  if (limited && Number(response.headers.get("content-length")) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (limited && size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLarge();
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as UTF-8 text (a leading byte order mark dropped, as `Response.text()` does). */
export async function readText(response: Response, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBytes(response, maxBytes));
}

/**
 * A successful response's value: JSON parsed when the content type says JSON; undefined for 204,
 * 205, HEAD and an empty body without a content type; the bytes otherwise.
 * Throws SyntaxError on malformed JSON, ResponseTooLarge past `maxBytes`.
 */
export async function readBody(response: Response, method: string, maxBytes = 0): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || method === "HEAD") {
    await response.body?.cancel();
    return undefined;
  }
  const contentType = response.headers.get("content-type");
  if (isJsonMediaType(contentType)) {
    const text = await readText(response, maxBytes);
    return text.trim() === "" ? undefined : (JSON.parse(text) as unknown);
  }
  const bytes = await readBytes(response, maxBytes);
  return bytes.length === 0 && contentType === null ? undefined : bytes;
}
