/**
 * Handlers of the orders_dbs module (Orders (delivery by seller)): Orders delivered by the seller (delivery by seller): order lists, statuses, stickers, marking metadata.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { OrdersDbsHandlers } from "../../../generated/server/index.js";

export const ordersDbs: OrdersDbsHandlers = {
  /**
   * GET /api/v3/dbs/orders/new: List of new assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listNewDbsOrders(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v3/dbs/orders: Information on completed assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listCompletedDbsOrders(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v3/dbs/groups/info: Information on paid delivery
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getDbsPaidDeliveryInfo(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v3/dbs/orders/client: Buyer information
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getDbsBuyerInfo(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/b2b/info: Buyer information, B2B
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getDbsB2bBuyerInfo(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v3/dbs/orders/delivery-date: Get delivery date and time
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getDbsDeliveryDates(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/status/info: Get statuses of assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getDbsOrderStatuses(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/status/cancel: Cancel assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  cancelDbsOrders(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/status/confirm: Move assembly orders to assembly
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  confirmDbsOrders(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/stickers: Get stickers for orders delivered to a pickup point
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getDbsOrderStickers(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/status/deliver: Move assembly orders to delivery
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deliverDbsOrders(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/status/receive: Report receipt of orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  reportDbsOrdersReceived(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/status/reject: Report order refusals
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  reportDbsOrdersRejected(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/meta/details: Get marking identifiers of assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getDbsOrderMarkings(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/meta/delete: Delete marking identifiers of assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deleteDbsOrderMarkings(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/meta/sgtin: Attach mandatory-marking codes to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachDbsOrderSgtin(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/meta/uin: Attach UIN to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachDbsOrderUin(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/meta/imei: Attach IMEI to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachDbsOrderImei(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/meta/gtin: Attach GTIN to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachDbsOrderGtin(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/marketplace/v3/dbs/orders/meta/customs-declaration: Attach customs declaration numbers to assembly orders
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  attachDbsOrderCustomsDeclaration(context) {
    return context.notImplemented();
  },
};
