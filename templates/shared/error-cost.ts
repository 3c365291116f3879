// The cost of an answer under a rate limit that says what error answers cost (`errorCost`:
// status or class -> requests), for the client's limiter and the server alike.

/** The requests an answer of `status` spends: a listed status (`409`) wins over its class (`4XX`); 1 when neither is listed. */
export function answerCost(errorCost: Readonly<Record<string, number>> | undefined, status: number): number {
  if (!errorCost) return 1;
  const text = String(status);
  return errorCost[text] ?? errorCost[`${text.charAt(0)}XX`] ?? 1;
}
