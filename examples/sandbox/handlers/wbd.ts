/**
 * Handlers of the wbd module (Digital goods): Digital goods: activation keys, offers, content upload and download.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { WbdHandlers } from "../../../generated/server/index.js";

export const wbd: WbdHandlers = {
  /**
   * POST /api/v1/keys-api/keys: Add activation keys
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  addActivationKeys(context) {
    return context.notImplemented();
  },
  /**
   * DELETE /api/v1/keys-api/keys: Delete activation keys
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deleteActivationKeys(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/keys-api/keys/redeemed: Get purchased keys
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listPurchasedKeys(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/offer/keys/{offer_id}: Get key count for an offer
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getOfferKeyCount(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/offer/keys/{offer_id}/list: Get list of keys
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listOfferKeys(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/offers: Create a new offer
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  createOffer(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/offers/thumb: Add or update an offer cover
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  setOfferCover(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/offers/{offer_id}: Edit an offer
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateOffer(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/offers/{offer_id}: Get offer information
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getOffer(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/offers/author: Get list of own offers
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listOwnOffers(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/offer/price/{offer_id}: Update price
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateOfferPrice(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/offer/{offer_id}: Update status
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateOfferStatus(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/catalog: Get categories and subcategories
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listCatalogCategories(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/content/illustration: Upload a content cover
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  uploadContentCover(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/content/upload/init: Initialize new content
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  initContentUpload(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/content/upload/chunk: Upload content (file)
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  uploadContentChunk(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/content/author/{content_id}: Edit content
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateContent(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/content/author/{content_id}: Get content information
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getContent(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/content/author: Get list of own content
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listOwnContent(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v1/content/download/{uri}: Download content
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  downloadContent(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/content/delete: Delete content
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deleteContent(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v1/content/gallery: Upload media files for an offer
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  uploadOfferMedia(context) {
    return context.notImplemented();
  },
};
