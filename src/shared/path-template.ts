// A catalogue path as the document writes it: `/a/{Sid}.json`, `/compare/{base}...{head}`,
// `/items?beta=true`, `/items#create`. The part before `?`/`#` is what is matched and sent; a
// `?name=value&...` part is a constant query every request carries; a `#fragment` only tells
// operations apart in the document (it never reaches the wire).

/** One piece of a segment: literal text or a `{name}` parameter. */
export type PathPart = { kind: "static"; value: string } | { kind: "param"; name: string };

export interface PathTemplate {
  /** The path part, from `/` to before `?` or `#`. */
  path: string;
  /** Segments of `path`, each a list of parts (one part for a plain or whole-parameter segment). */
  segments: PathPart[][];
  /** The `?` part as name/value pairs, in order; empty when there is none. */
  fixedQuery: { name: string; value: string }[];
  /** The text after `#`, if any. */
  fragment?: string;
}

/** Splits a path template; never throws (the validator says what is wrong). */
export function parsePathTemplate(template: string): PathTemplate {
  const hash = template.indexOf("#");
  const beforeHash = hash === -1 ? template : template.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const path = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const search = question === -1 ? "" : beforeHash.slice(question + 1);
  const fixedQuery = search === "" ? [] : search.split("&").filter((pair) => pair !== "").map((pair) => {
    const equals = pair.indexOf("=");
    return equals === -1 ? { name: pair, value: "" } : { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
  });
  const segments = path === "/" || path === "" ? [] : path.slice(1).split("/").map(segmentParts);
  return { path, segments, fixedQuery, ...(hash !== -1 && { fragment: template.slice(hash + 1) }) };
}

export function segmentParts(segment: string): PathPart[] {
  const parts: PathPart[] = [];
  let rest = segment;
  while (rest !== "") {
    const open = rest.indexOf("{");
    const close = open === -1 ? -1 : rest.indexOf("}", open);
    if (open === -1 || close === -1) {
      parts.push({ kind: "static", value: rest });
      break;
    }
    if (open > 0) parts.push({ kind: "static", value: rest.slice(0, open) });
    parts.push({ kind: "param", name: rest.slice(open + 1, close) });
    rest = rest.slice(close + 1);
  }
  return parts;
}

/** True when a segment has text besides one whole parameter, and at least one parameter. */
export function isMixedSegment(parts: readonly PathPart[]): boolean {
  return parts.length > 1 && parts.some((part) => part.kind === "param");
}

/** The template with the `?`/`#` parts removed (what routes compare). */
export function pathOnly(template: string): string {
  return parsePathTemplate(template).path;
}
