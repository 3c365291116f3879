/**
 * Handlers of the supplies module (Inbound supplies): Supply discrepancy query.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { ItemDiscrepancyResponse, SuppliesHandlers } from "../../../generated/server/index.js";

// Sandbox data: each supply's discrepancies, in the combinations the catalogue allows.
const DISCREPANCIES: Record<string, ItemDiscrepancyResponse[]> = {
  "supply-1": [
    { discrepancyType: "surplus", discrepancyLabel: "surplus" },
    { discrepancyType: "shortage", discrepancyLabel: "re-sorting" },
  ],
  "supply-2": [{ discrepancyType: "shortage", discrepancyLabel: "shortage" }],
};

export const supplies: SuppliesHandlers = {
  /**
   * GET /api/supplies/v1/discrepancies/{supplyId}: Supply discrepancies
   * Returns the discrepancies found between the declared and the actual quantity of goods in a supply. It applies to supplies accepted no earlier than one year before the request.
   * Token kinds: personal, service.
   * Rate limit: 1 per 1 minute per seller (burst 1, one more every 1 minute).
   * Only supplies accepted within the last year, no earlier than one year before the request, are covered.
   */
  getDiscrepancies(context) {
    const records = DISCREPANCIES[context.params.supplyId];
    if (!records) return context.error(404, "No such supply in the sandbox.", { code: "supply-not-found" });
    return records;
  },
};
