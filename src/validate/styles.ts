// Parameter styles and body encodings: each style only where OpenAPI allows it, and only for a
// value it can write (deepObject: an object, an array or a union, nested as `name[0][key]=a`; spaceDelimited and pipeDelimited: an array or object;
// a cookie or header is no deepObject). Encodings only for form and multipart bodies, and only for
// properties the body's schema has.
import type { YamlPath } from "../load/load.js";
import type { RawContent, RawOperation, RawType } from "../load/raw.js";
import { mediaEssence } from "../shared/media.js";
import { rawKind } from "../model/raw-kind.js";
import { STYLES_BY_LOCATION } from "../model/styles.js";
import type { Place, Reporter } from "./reporter.js";
import type { TypeContext } from "./types.js";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The type once references are followed (still a reference when one names no type or a circle). */
function followed(types: TypeContext, raw: RawType | undefined): RawType | undefined {
  const seen = new Set<string>();
  let current = raw;
  while (current?.ref !== undefined && !seen.has(current.ref)) {
    seen.add(current.ref);
    current = types.types.get(current.ref)?.raw;
  }
  return current;
}

/** The kind a type has once references are followed (undefined: a union, allOf, const or unknown ref). */
function resolvedKind(types: TypeContext, raw: RawType | undefined): string | undefined {
  const current = followed(types, raw);
  if (current === undefined) return undefined;
  if (current.allOf !== undefined) return "object";
  return current.ref !== undefined ? undefined : rawKind(current);
}

const SCALAR_KINDS = ["string", "integer", "number", "boolean"];

/** The kinds of a union's members once references are followed (undefined for a member of no plain kind), or undefined when the type is no union. */
function unionMembers(types: TypeContext, raw: RawType | undefined): (string | undefined)[] | undefined {
  const current = followed(types, raw);
  if (current?.oneOf === undefined) return undefined;
  return current.oneOf.map((member) => resolvedKind(types, member));
}

export function checkParameterStyles(report: Reporter, types: TypeContext, operation: RawOperation, place: (...rest: YamlPath) => Place): void {
  operation.parameters?.forEach((parameter, i) => {
    if (parameter.style === undefined && parameter.explode === undefined) return;
    const allowed = STYLES_BY_LOCATION[parameter.in];
    if (parameter.style !== undefined && !allowed.includes(parameter.style)) {
      report.error(place("parameters", i, "style"), `style ${parameter.style} is not allowed in the ${parameter.in}`, `use one of: ${allowed.join(", ")}`);
      return;
    }
    const kind = resolvedKind(types, parameter.schema);
    if (parameter.style === "deepObject") {
      // Brackets nest to any depth (`items[0][price]=x`, as Stripe's clients write), so objects,
      // arrays and unions are all written; a scalar alone is plain form.
      if (unionMembers(types, parameter.schema) === undefined && kind !== undefined && SCALAR_KINDS.includes(kind)) {
        report.error(place("parameters", i, "style"), `style deepObject writes an object, an array or a union, but "${parameter.name}" is a ${kind}`, "use form for a scalar");
      }
      if (parameter.explode === false) report.error(place("parameters", i, "explode"), "style deepObject is defined with explode: true only", "remove explode");
    }
    if ((parameter.style === "spaceDelimited" || parameter.style === "pipeDelimited") && parameter.explode === true) {
      report.error(place("parameters", i, "explode"), `style ${parameter.style} is defined with explode: false only`, "remove explode, or use form with explode: true for repeated keys");
    }
  });
}

export function checkEncodings(report: Reporter, types: TypeContext, content: RawContent, place: (...rest: YamlPath) => Place): void {
  for (const [contentType, media] of Object.entries(content)) {
    if (media.encoding === undefined) continue;
    const essence = mediaEssence(contentType);
    if (!FORM_TYPES.includes(essence)) {
      report.error(place(contentType, "encoding"), `encoding applies to ${FORM_TYPES.join(" and ")} bodies, not ${essence}`, "remove encoding", { key: true });
      continue;
    }
    const properties = objectProperties(types, media.schema);
    for (const [name, encoding] of Object.entries(media.encoding)) {
      if (properties !== undefined && !properties.includes(name)) {
        report.error(place(contentType, "encoding", name), `encoding names "${name}", which the body's schema does not have`, properties.length ? `the properties are: ${properties.join(", ")}` : undefined, { key: true });
      }
      if (essence === "multipart/form-data" && (encoding.style !== undefined || encoding.explode !== undefined)) {
        report.error(place(contentType, "encoding", name), "style and explode apply to urlencoded bodies; a multipart part is written by its contentType", "remove style and explode", { key: true });
      }
      if (essence !== "multipart/form-data" && encoding.contentType !== undefined) {
        report.error(place(contentType, "encoding", name, "contentType"), "contentType applies to multipart parts; an urlencoded value is text", "remove contentType");
      }
    }
  }
}

function objectProperties(types: TypeContext, raw: RawType | undefined): string[] | undefined {
  const seen = new Set<string>();
  let current = raw;
  while (current?.ref !== undefined && !seen.has(current.ref)) {
    seen.add(current.ref);
    current = types.types.get(current.ref)?.raw;
  }
  return current?.properties !== undefined && rawKind(current) === "object" ? Object.keys(current.properties) : undefined;
}
