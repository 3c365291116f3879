/**
 * Handlers of the analytics module (Analytics): Sales funnel statistics, downloadable reports, search report, stock reports, item rating, order feed.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { AnalyticsHandlers } from "../../../generated/server/index.js";

export const analytics: AnalyticsHandlers = {
  /**
   * POST /api/analytics/v3/sales-funnel/products: Product card statistics for a period
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getCardStatsForPeriod(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/analytics/v3/sales-funnel/products/history: Product card statistics by day
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getCardStatsByDay(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/analytics/v3/sales-funnel/grouped/history: Statistics of product card groups by day
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getCardGroupStatsByDay(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/nm-report/downloads: Create a report
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  createAnalyticsReport(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/nm-report/downloads: List reports
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listAnalyticsReports(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/nm-report/downloads/retry: Regenerate a report
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  regenerateAnalyticsReport(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/nm-report/downloads/file/{downloadId}: Get a report
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getAnalyticsReport(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/search-report/report: Search report: main page
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSearchReport(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/search-report/table/groups: Search report: pagination by groups
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSearchReportGroups(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/search-report/table/details: Search report: pagination by products in a group
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSearchReportDetails(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/search-report/product/search-texts: Search queries for a product
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getProductSearchTexts(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/search-report/product/orders: Orders and positions for a product's search queries
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getProductSearchOrders(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/analytics/v1/stocks-report/wb-warehouses: Stocks in marketplace warehouses
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getMarketplaceWarehouseStocks(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/analytics/v1/stocks-report/seller-warehouses: Stocks in seller warehouses
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSellerWarehouseStocks(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/stocks-report/products/groups: Stock data by groups
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getStockDataByGroups(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/stocks-report/products/products: Stock data by products
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getStockDataByProducts(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/stocks-report/products/sizes: Stock data by sizes
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getStockDataBySizes(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/stocks-report/offices: Stock data by warehouses
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getStockDataByWarehouses(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/analytics/v2/item-rating: Get item rating report
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getItemRatingReport(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/analytics/v1/order-feed: Get order feed report
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getOrderFeedReport(context) {
    return context.notImplemented();
  },
};
