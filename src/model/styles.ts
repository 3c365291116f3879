// A parameter's style and explode as they apply: the catalogue's, else OpenAPI's defaults (form
// with explode for query and cookie, simple without explode for path and header).
import type { Parameter, ParameterStyle } from "./types.js";

export interface AppliedStyle {
  style: ParameterStyle;
  explode: boolean;
}

export function defaultStyle(location: Parameter["in"]): ParameterStyle {
  return location === "query" || location === "cookie" ? "form" : "simple";
}

export function parameterStyle(parameter: Pick<Parameter, "in" | "style" | "explode">): AppliedStyle {
  const style = parameter.style ?? defaultStyle(parameter.in);
  return { style, explode: parameter.explode ?? style === "form" };
}

/** True when the parameter is written as its location's default (form+explode, simple). */
export function isDefaultStyle(parameter: Pick<Parameter, "in" | "style" | "explode">): boolean {
  const applied = parameterStyle(parameter);
  return applied.style === defaultStyle(parameter.in) && applied.explode === (applied.style === "form");
}

/** The styles OpenAPI allows in each location. */
export const STYLES_BY_LOCATION: Readonly<Record<Parameter["in"], readonly ParameterStyle[]>> = {
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  path: ["simple", "label", "matrix"],
  header: ["simple"],
  cookie: ["form"],
};
