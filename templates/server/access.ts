// Token categories and read-only tokens: which authenticated tokens may call an operation besides
// their kind. A token is issued for some categories (`content`, `finance` ...) and may be
// read-only; an operation names the categories whose tokens may call it (`all`: any) and whether a
// read-only token may. What `authenticate` does not say of a token is not checked.
import type { Identity, RouteDefinition } from "./types.js";

/** Why the token may not call the operation (the 403's detail and code); undefined: it may. */
export function accessDenied(
  route: Pick<RouteDefinition, "categories" | "readOnlyTokens">,
  identity: Pick<Identity, "categories" | "readOnly">,
): { detail: string; code: string } | undefined {
  const categories = route.categories;
  if (categories && identity.categories && !categories.includes("all") && !identity.categories.some((category) => categories.includes(category))) {
    return {
      detail: `This operation needs a token of the ${categories.join(", ")} ${categories.length === 1 ? "category" : "categories"}; this token is for ${identity.categories.length > 0 ? identity.categories.join(", ") : "no category"}.`,
      code: "token-category-not-accepted",
    };
  }
  if (route.readOnlyTokens === false && identity.readOnly === true) {
    return { detail: "This operation writes; a read-only token may not call it.", code: "read-only-token" };
  }
  return undefined;
}
