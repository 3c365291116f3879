// api.auth.schemes -> components.securitySchemes; an operation's requirement -> its `security`.
import type { SecurityScheme } from "../../model/types.js";

export function securitySchemes(schemes: readonly SecurityScheme[]): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const scheme of schemes) {
    const object: Record<string, unknown> =
      scheme.type === "apiKey"
        ? { type: "apiKey", in: scheme.in, name: scheme.name }
        : scheme.type === "http"
          ? { type: "http", scheme: scheme.scheme }
          : // The catalogue keeps how the token travels, not the flows: a bearer token.
            { type: "http", scheme: "bearer", description: `${scheme.type} (flows not documented)` };
    if (scheme.description !== undefined) object.description = scheme.description;
    Object.defineProperty(result, scheme.id, { value: object, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** `[[a, b], []]` -> `[{ a: [], b: [] }, {}]`. */
export function securityRequirement(security: readonly (readonly string[])[]): Record<string, string[]>[] {
  return security.map((ids) => Object.fromEntries(ids.map((id) => [id, []])));
}
