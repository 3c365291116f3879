// A typed form or multipart body -> the value of its schema: each documented field read and
// converted (400 when one is missing or does not fit), as the client writes them
// (templates/client/encoding.ts): urlencoded fields by their style (form by default), multipart
// parts by name (an array's items each a part; files as Blob; objects as JSON).
import { expectation, parseScalar } from "./params.js";
import { rawPairs, readQuery } from "./styles.js";
import type { FormField, FormParts, FormRead, FormReaders, FormRule } from "./types.js";

export type { FormField, FormRead, FormRule };

function define(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** An urlencoded body's text -> its fields. */
export function readUrlencoded(text: string, rule: FormRule): FormRead {
  const pairs = rawPairs(text);
  const value: Record<string, unknown> = {};
  for (const field of rule.fields) {
    const read = readQuery(pairs, field, "Form field");
    if (!read.ok) return read;
    if (read.value === undefined) {
      if (field.required) return { ok: false, detail: `Form field "${field.name}" is required.` };
      continue;
    }
    define(value, field.name, read.value);
  }
  return { ok: true, value };
}

/** A multipart body's parts -> its fields. */
export async function readMultipart(parts: FormParts, rule: FormRule): Promise<FormRead> {
  const value: Record<string, unknown> = {};
  for (const field of rule.fields) {
    const found = parts.getAll(field.name);
    const fail = (detail: string): FormRead => ({ ok: false, detail: `Form field "${field.name}" ${detail}.` });
    if (found.length === 0) {
      if (field.required) return fail("is required");
      continue;
    }
    if (!field.array && found.length > 1) return fail("may be given once");
    const items: unknown[] = [];
    for (const part of found) {
      if (field.file) {
        if (typeof part === "string") return fail("must be a file");
        items.push(part);
        continue;
      }
      const text = typeof part === "string" ? part : await part.text();
      if (field.json || field.properties) {
        try {
          items.push(JSON.parse(text) as unknown);
        } catch {
          return fail("must be JSON");
        }
        continue;
      }
      const item = parseScalar(text, field);
      if (item === undefined) return fail(expectation(field));
      items.push(item);
    }
    define(value, field.name, field.array ? items : items[0]);
  }
  return { ok: true, value };
}

/** Handed to the handler by the routes (`api.formReaders`) where a route has a typed form body. */
export const formReaders: FormReaders = { readUrlencoded, readMultipart };
