/**
 * Handlers of the finances module (Finances): Seller balance, sales reports, payment acceptance cost reports, documents.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { FinancesHandlers } from "../../../generated/server/index.js";

export const finances: FinancesHandlers = {
  /**
   * GET /api/v1/account/balance: Get seller balance
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSellerBalance(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/finance/v1/sales-reports/list: List of sales reports
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listSalesReports(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/finance/v1/sales-reports/detailed/{reportId}: Detail of sales reports by report ID
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSalesReportDetails(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/finance/v1/sales-reports/detailed: Detail of sales reports for a period
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSalesReportDetailsForPeriod(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/finance/v1/acquiring/list: List of payment acceptance cost reports
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listPaymentAcceptanceReports(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/finance/v1/acquiring/detailed/{reportId}: Detail of payment acceptance cost reports by report ID
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getPaymentAcceptanceReportDetails(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/finance/v1/acquiring/detailed: Detail of payment acceptance cost reports for a period
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getPaymentAcceptanceReportDetailsForPeriod(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/documents/categories: Document categories
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listDocumentCategories(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/documents/list: List of documents
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listDocuments(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/documents/download: Get a document
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  downloadDocument(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/documents/download/all: Get documents
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  downloadAllDocuments(context) {
    return context.notImplemented();
  },
};
