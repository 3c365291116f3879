// Writers of typed form and multipart bodies, named by the descriptor of an operation that has
// one (`body: formBody({ ... })`), so only programs calling such an operation bundle them.
import type { BodyEncoding, FetchBody } from "./encoding.js";
import { styleQuery, type StyleOf } from "./styles.js";

function own<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** application/x-www-form-urlencoded: each property as a query parameter of its style (`parts`; form with explode by default). */
export function formBody(parts: Readonly<Record<string, StyleOf>> = {}): BodyEncoding {
  return (body) => {
    const pairs: string[] = [];
    for (const [name, value] of Object.entries(body)) {
      const [style, explode] = own(parts, name) ?? ["form", true];
      const text = styleQuery(name, value, style, explode);
      if (text !== "") pairs.push(text);
    }
    return { body: pairs.join("&"), contentType: "application/x-www-form-urlencoded" };
  };
}

/**
 * multipart/form-data: a part per property, an array's items each a part of the same name. Blobs
 * go as files, objects as JSON, other values as text; `contentTypes` labels a property's parts.
 * fetch writes the content type with its boundary.
 */
export function multipartBody(contentTypes: Readonly<Record<string, string>> = {}): BodyEncoding {
  return (body) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) {
      const contentType = own(contentTypes, name);
      for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
        if (item == null) continue;
        if (typeof Blob !== "undefined" && item instanceof Blob) form.append(name, item);
        else if (typeof item === "object" || (contentType !== undefined && !contentType.startsWith("text/plain"))) {
          const text = typeof item === "object" ? JSON.stringify(item) : String(item as string | number | boolean);
          form.append(name, new Blob([text], { type: contentType ?? "application/json" }));
        } else form.append(name, String(item as string | number | boolean));
      }
    }
    return { body: form as FetchBody };
  };
}
