/**
 * Handlers of the tariffs module (Tariffs): Commission, supply acceptance, box, pallet and return tariffs.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { TariffsHandlers } from "../../../generated/server/index.js";

export const tariffs: TariffsHandlers = {
  /**
   * GET /api/v1/tariffs/commission: Commission by product category
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getCommissionTariffs(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/tariffs/v1/acceptance/coefficients: Supply acceptance tariffs
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSupplyAcceptanceTariffs(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/tariffs/box: Box tariffs
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getBoxTariffs(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/tariffs/pallet: Monopallet tariffs
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getPalletTariffs(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/tariffs/return: Return tariffs
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getReturnTariffs(context) {
    return context.notImplemented();
  },
};
