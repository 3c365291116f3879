/**
 * Handlers of the in_store_pickup module (In-store pickup): Orders collected in store by the buyer (click-and-collect): order lists, status changes, buyer checks, marking metadata.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { InStorePickupHandlers } from "../../../generated/server/index.js";

export const inStorePickup: InStorePickupHandlers = {
  /**
   * GET /api/v3/click-collect/orders/new: List of new assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listNewPickupOrders(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v3/click-collect/orders: Information on completed assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listCompletedPickupOrders(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/final-price: Seller prices and amounts payable
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getPickupOrderFinalPrices(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/status/confirm: Move assembly orders to assembly
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  confirmPickupOrders(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/status/prepare: Report orders ready for handover
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  reportPickupOrdersReady(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v3/click-collect/orders/client: Buyer information
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getPickupBuyerInfo(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v3/click-collect/orders/client/identity: Check that an order belongs to the buyer
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  checkPickupBuyerIdentity(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/status/receive: Report orders accepted by buyers
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  reportPickupOrdersReceived(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/status/reject: Report order refusals
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  reportPickupOrdersRejected(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/status/info: Get statuses of assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getPickupOrderStatuses(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/status/cancel: Cancel assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  cancelPickupOrders(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/meta/details: Get marking identifiers of assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getPickupOrderMarkings(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/meta/delete: Delete marking identifiers of assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deletePickupOrderMarkings(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/meta/sgtin: Attach mandatory-marking codes to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachPickupOrderSgtin(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/meta/uin: Attach UIN to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachPickupOrderUin(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/meta/imei: Attach IMEI to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachPickupOrderImei(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/meta/gtin: Attach GTIN to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachPickupOrderGtin(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/click-collect/orders/meta/customs-declaration: Attach customs declaration numbers to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachPickupOrderCustomsDeclaration(context) {
    return context.notImplemented();
  },
};
