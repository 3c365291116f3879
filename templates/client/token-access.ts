// The `tokenAccess()` feature: a call the token may not make (its categories are not among the
// operation's, or it is read-only and the operation writes) ends before it is sent, as a
// `forbidden` ApiError without a status: the server would answer 403.
import type { TransportFeature } from "./feature.js";
import type { OperationMore } from "./operation.js";

export interface TokenAccessOptions<TokenCategory extends string = string> {
  /** The categories the token is issued for; absent: not known (operations' categories are not checked). */
  categories?: readonly TokenCategory[] | undefined;
  /** True for a read-only token: operations that write are refused. */
  readOnly?: boolean | undefined;
}

/** Why a token of `options` may not call `operation`; undefined: it may (or the catalogue does not say). */
export function accessProblem(operation: Pick<OperationMore, "categories" | "readOnlyTokens">, options: TokenAccessOptions): string | undefined {
  const wanted = operation.categories;
  if (wanted && options.categories && !wanted.includes("all") && !options.categories.some((category) => wanted.includes(category))) {
    return `the operation needs a token of the ${wanted.join(", ")} ${wanted.length === 1 ? "category" : "categories"}; this client's token is for ${options.categories.length > 0 ? options.categories.join(", ") : "no category"}`;
  }
  if (operation.readOnlyTokens === false && options.readOnly === true) return "the operation writes; this client's token is read-only";
  return undefined;
}

/** Refuses, before sending, calls the token may not make. */
export function tokenAccess(options: TokenAccessOptions): TransportFeature {
  return {
    async beforeAttempt(call) {
      const problem = accessProblem(call.operation, options);
      if (problem !== undefined) call.fail("forbidden", problem);
    },
  };
}
