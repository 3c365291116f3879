/**
 * Handlers of the items module (Items): Product cards, reference directories, tags, media, recommendations, prices and discounts, stock balances, seller warehouses.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { ItemsHandlers } from "../../../generated/server/index.js";

export const items: ItemsHandlers = {
  /**
   * GET /content/v2/object/parent/all: Parent product categories
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listParentCategories(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/object/all: List of subjects
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listSubjects(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/object/charcs/{subjectId}: Characteristics of a subject
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getSubjectCharacteristics(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/directory/colors: Directory: colors
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listColors(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/directory/kinds: Directory: gender
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listGenders(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/directory/countries: Directory: countries of origin
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listCountries(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/directory/seasons: Directory: seasons
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listSeasons(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/directory/vat: Directory: VAT rates
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listVatRates(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/directory/tnved: Directory: customs commodity codes
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listCustomsCommodityCodes(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/content/v1/brands: Brands
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listBrands(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/tags: List of tags
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listTags(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/tag: Create a tag
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  createTag(context) {
    return context.notImplemented();
  },
  /**
   * PATCH /content/v2/tag/{id}: Change a tag
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateTag(context) {
    return context.notImplemented();
  },
  /**
   * DELETE /content/v2/tag/{id}: Delete a tag
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deleteTag(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/tag/nomenclature/link: Manage tags on a product card
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  linkCardTags(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/get/cards/list: List of product cards
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listCards(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/cards/error/list: List of cards that were not created, with errors
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listCardErrors(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/cards/update: Edit product cards
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateCards(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/cards/moveNm: Merge and split product cards
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  mergeOrSplitCards(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/cards/delete/trash: Move cards to trash
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  trashCards(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/cards/recover: Restore cards from trash
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  restoreCards(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/get/cards/trash: List of cards in trash
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listTrashedCards(context) {
    return context.notImplemented();
  },
  /**
   * GET /content/v2/cards/limits: Product card limits
   * The source document names this operation as reporting limits, but the values are not given.
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getCardLimits(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/barcodes: Generate barcodes
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  generateBarcodes(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/cards/upload: Create product cards
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  createCards(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v2/cards/upload/add: Create product cards with attachment
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  createCardsWithAttachment(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v3/media/file: Upload a media file
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  uploadMediaFile(context) {
    return context.notImplemented();
  },
  /**
   * POST /content/v3/media/save: Upload media files by links
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  uploadMediaByLinks(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/content/v1/recommendations/list: List of recommendations in cards
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listRecommendations(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/content/v1/recommendations/set: Set recommendations for products
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  setRecommendations(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/upload/task: Set prices and discounts
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  setPricesAndDiscounts(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/upload/task/size: Set prices for sizes
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  setSizePrices(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/upload/task/club-discount: Set loyalty-club discounts
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  setClubDiscounts(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/discounts-prices/v1/upload/task/b2b/wholesale: Set wholesale discounts for B2B sales
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  setWholesaleDiscounts(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/history/tasks: State of a processed upload
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getProcessedUploadState(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/history/goods/task: Detail of a processed upload
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getProcessedUploadDetails(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/buffer/tasks: State of an unprocessed upload
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getUnprocessedUploadState(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/buffer/goods/task: Detail of an unprocessed upload
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getUnprocessedUploadDetails(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/list/goods/filter: Get products with prices
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listGoodsWithPrices(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v2/list/goods/filter: Get products with prices by article
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listGoodsWithPricesByArticle(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/list/goods/size/nm: Get product sizes with prices
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listGoodsSizesWithPrices(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v2/quarantine/goods: Get products in quarantine
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listQuarantinedGoods(context) {
    return context.notImplemented();
  },
  /**
   * PUT /api/v3/stocks/{warehouseId}: Update stock balances
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateStockBalances(context) {
    return context.notImplemented();
  },
  /**
   * DELETE /api/v3/stocks/{warehouseId}: Delete stock balances
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deleteStockBalances(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v3/stocks/{warehouseId}: Get stock balances
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  getStockBalances(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v3/offices: List of marketplace warehouses
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listMarketplaceWarehouses(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v3/warehouses: List of seller warehouses
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listSellerWarehouses(context) {
    return context.notImplemented();
  },
  /**
   * POST /api/v3/warehouses: Create a seller warehouse
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  createSellerWarehouse(context) {
    return context.notImplemented();
  },
  /**
   * PUT /api/v3/warehouses/{warehouseId}: Update a seller warehouse
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateSellerWarehouse(context) {
    return context.notImplemented();
  },
  /**
   * DELETE /api/v3/warehouses/{warehouseId}: Delete a seller warehouse
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  deleteSellerWarehouse(context) {
    return context.notImplemented();
  },
  /**
   * GET /api/v3/dbw/warehouses/{warehouseId}/contacts: List of contacts
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  listWarehouseContacts(context) {
    return context.notImplemented();
  },
  /**
   * PUT /api/v3/dbw/warehouses/{warehouseId}/contacts: Update list of contacts
   * Token kinds: not documented.
   * Rate limit: not documented.
   */
  updateWarehouseContacts(context) {
    return context.notImplemented();
  },
};
