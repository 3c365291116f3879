// Arguments to URL and body; response to value.
import { isJsonMediaType } from "../shared/media.js";
import { styleCookie, styleHeader, styleQuery, stylePath, type StyleOf } from "./styles.js";

/** Parameters written otherwise than their location's default, keyed `<in>:<name>` (e.g. `query:created`). */
export type Styles = Readonly<Record<string, StyleOf>>;

function styleOf(styles: Styles | undefined, key: string): StyleOf | undefined {
  return styles !== undefined && Object.hasOwn(styles, key) ? styles[key] : undefined;
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
    const [style, explode] = styleOf(styles, `path:${name}`) ?? ["simple", false];
    const text = stylePath(name, value, style, explode);
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
    const [style, explode] = styleOf(styles, `query:${name}`) ?? ["form", true];
    const text = styleQuery(name, value, style, explode);
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
    if (value != null) result[name] = styleHeader(value, styleOf(styles, `header:${name}`)?.[1] ?? false);
  }
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(cookies ?? {})) {
    const text = styleCookie(name, value, styleOf(styles, `cookie:${name}`)?.[1] ?? true);
    if (text !== "") pairs.push(text);
  }
  if (pairs.length > 0) result["cookie"] = pairs.join("; ");
  return result;
}

/** Base URL (with or without a trailing slash, may carry a path prefix) joined with an expanded path. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, "") + path;
}

/** What fetch takes as a body, spelled without the DOM library (`BodyInit`): @types/node, Deno and Bun all declare `RequestInit`. */
export type FetchBody = NonNullable<RequestInit["body"]>;

export interface EncodedBody {
  body?: FetchBody;
  /** Set for JSON only: for raw bodies fetch derives it (FormData boundary, Blob type). */
  contentType?: string;
  /** A stream can be read once: the request cannot be retried. */
  once: boolean;
}

/**
 * A typed form or multipart body (the operation's argument is the body's schema type): how its
 * value is written. `parts`: per property, [style, explode] (urlencoded) or the part's content type (multipart).
 */
export interface BodyEncoding {
  readonly type: "form" | "multipart";
  readonly parts?: Readonly<Record<string, StyleOf | string>>;
}

export function encodeBody(body: unknown, encoding?: BodyEncoding): EncodedBody {
  if (body === undefined) return { once: false };
  if (typeof ReadableStream !== "undefined" && body instanceof ReadableStream) return { body, once: true };
  if (isRawBody(body)) return { body: body as FetchBody, once: false };
  if (encoding && typeof body === "object" && body !== null) {
    if (encoding.type === "form") return { body: formBody(body, encoding), contentType: "application/x-www-form-urlencoded", once: false };
    return { body: multipartBody(body, encoding) as FetchBody, once: false };
  }
  return { body: JSON.stringify(body), contentType: "application/json", once: false };
}

function partOf(encoding: BodyEncoding, name: string): StyleOf | string | undefined {
  return encoding.parts !== undefined && Object.hasOwn(encoding.parts, name) ? encoding.parts[name] : undefined;
}

/** application/x-www-form-urlencoded: each property as a query parameter of its style (form by default). */
function formBody(body: object, encoding: BodyEncoding): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const part = partOf(encoding, name);
    const [style, explode] = Array.isArray(part) ? (part as StyleOf) : ["form" as const, true];
    const text = styleQuery(name, value, style, explode);
    if (text !== "") pairs.push(text);
  }
  return pairs.join("&");
}

/**
 * multipart/form-data: a part per property, an array's items each a part of the same name. Blobs
 * go as files, objects as JSON, other values as text; a part's documented content type labels it.
 */
function multipartBody(body: object, encoding: BodyEncoding): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    const part = partOf(encoding, name);
    const contentType = typeof part === "string" ? part : undefined;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item == null) continue;
      if (typeof Blob !== "undefined" && item instanceof Blob) form.append(name, item);
      else if (typeof item === "object" || (contentType !== undefined && !contentType.startsWith("text/plain"))) {
        const text = typeof item === "object" ? JSON.stringify(item) : String(item as string | number | boolean);
        form.append(name, new Blob([text], { type: contentType ?? "application/json" }));
      } else form.append(name, String(item as string | number | boolean));
    }
  }
  return form;
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
