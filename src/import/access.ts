// Which tokens may call an operation besides their kind: the token categories (a token is issued
// for some categories: `content`, `finance` ...; `all` for any) and whether a read-only token may,
// from the operation extensions the options name (defaults `x-category`, `x-readonly-method`).
import type { RawOperation } from "../load/raw.js";
import { extensionValues } from "./auth.js";
import { at, type Place } from "./read.js";
import { shortValue } from "./schemas.js";

export interface AccessExtensions {
  /** Extension holding the categories (a string, a comma-separated string or a list). */
  categories: string;
  /** Extension holding true when a read-only token may call the operation. */
  readOnly: string;
}

export const DEFAULT_ACCESS_EXTENSIONS: AccessExtensions = { categories: "x-category", readOnly: "x-readonly-method" };

const CATEGORY = /^[a-z][a-z0-9_-]*$/;

export function readAccess(
  operation: Record<string, unknown>,
  place: Place,
  names: AccessExtensions,
  lost: (place: Place, what: string) => void,
): Pick<RawOperation, "categories" | "readOnlyTokens"> {
  const result: Pick<RawOperation, "categories" | "readOnlyTokens"> = {};
  if (names.categories in operation) {
    const value = operation[names.categories];
    const categories: string[] = [];
    for (const item of extensionValues(value)) {
      const id = item.trim().toLowerCase().replace(/\s+/g, "-");
      if (!CATEGORY.test(id)) lost(at(place, names.categories), `token category ${shortValue(item)} (a category is lowercase letters, digits, - and _)`);
      else if (!categories.includes(id)) categories.push(id);
    }
    if (categories.length > 0) result.categories = categories;
    else if (extensionValues(value).length === 0) lost(at(place, names.categories), `${names.categories}: ${shortValue(value)} (a category or a list of them was expected)`);
  }
  if (names.readOnly in operation) {
    const value = operation[names.readOnly];
    const flag = value === true || value === "true" ? true : value === false || value === "false" ? false : undefined;
    if (flag === undefined) lost(at(place, names.readOnly), `${names.readOnly}: ${shortValue(value)} (true or false was expected)`);
    else result.readOnlyTokens = flag;
  }
  return result;
}
