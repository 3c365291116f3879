/**
 * Handlers of the general module (General): Connection check, news, seller information, seller rating, subscription, tariff options, user management.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { GeneralHandlers } from "../../../generated/server/index.js";

export const general: GeneralHandlers = {
  /**
   * GET /ping: Connection check
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  checkConnection(context) {
    // The real response is not documented; the sandbox answers with who is calling.
    return { sandbox: true, sellerId: context.identity.principalId, tokenKind: context.identity.tokenKind };
  },
  /**
   * GET /api/communications/v2/news: News of the seller portal
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listNews(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/seller-info: Seller information
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSellerInfo(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/common/v1/rating: Seller rating
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSellerRating(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/common/v1/subscriptions: Subscription information
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSubscriptionInfo(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/common/v1/tariff-constructor/options: Tariff constructor options
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getTariffConstructorOptions(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/invite: Create an invitation for a new user
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  inviteUser(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/users: List of active or invited users of the seller
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listUsers(context) {
    return context.notImplemented();
  },
  /**
   * PUT /api/v1/users/access: Change user access rights
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateUserAccess(context) {
    return context.notImplemented();
  },
  /**
   * DELETE /api/v1/user: Delete a user
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deleteUser(context) {
    return context.notImplemented();
  },
};
