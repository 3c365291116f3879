/**
 * Every module's handlers, for `createRequestHandler(handlers, options)`.
 * Written by `catalogen scaffold`; yours to edit. `catalogen scaffold` never overwrites this file
 * (unless --force) and tells which operations it lacks when the catalogue gains some.
 */

import type { Handlers } from "../../../generated/server/index.js";
import { analytics } from "./analytics.js";
import { communications } from "./communications.js";
import { finances } from "./finances.js";
import { general } from "./general.js";
import { inStorePickup } from "./in_store_pickup.js";
import { items } from "./items.js";
import { ordersDbs } from "./orders_dbs.js";
import { supplies } from "./supplies.js";
import { tariffs } from "./tariffs.js";
import { wbd } from "./wbd.js";

export const handlers: Handlers = {
  analytics,
  communications,
  finances,
  general,
  inStorePickup,
  items,
  ordersDbs,
  supplies,
  tariffs,
  wbd,
};
