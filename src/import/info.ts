// The Info Object's version, contact, license and terms of service: kept as the api section's own
// fields where they fit the catalogue's bounds; the rest of them reported as lost.
import type { RawApi } from "../load/raw.js";
import { at, isObject, type DocumentSet } from "./read.js";
import type { ImportReport } from "./report.js";
import { shortValue } from "./schemas.js";

/** The Info Object's keys this file reads (title and description are the api section's title and description). */
export const INFO_KEYS = new Set(["version", "contact", "license", "termsOfService"]);

type InfoFields = Pick<RawApi, "version" | "contact" | "license" | "termsOfService">;

const LINE_MAX = 1000;
const URL_MAX = 2000;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** `unversioned`: what catalogen's own export writes when the catalogue gives no version. */
export function readInfo(docs: DocumentSet, report: ImportReport, info: Record<string, unknown>, dialect: boolean): InfoFields {
  const place = (...rest: string[]) => at(docs.root, "info", ...rest);
  const lose = (keys: string[], value: unknown, why: string) => report.lost(docs.pointer(place(...keys)), `info.${keys.join(".")}: ${shortValue(value)} (${why})`, `info.${keys.join(".")}`);
  const fields: InfoFields = {};

  const version = typeof info.version === "number" ? String(info.version) : info.version;
  if (typeof version === "string" && !(dialect && version === "unversioned")) {
    if (oneLine(version)) fields.version = version;
    else if (version.trim() !== "") lose(["version"], version, "not one line of at most 1,000 characters");
  } else if (version !== undefined && typeof version !== "string") lose(["version"], version, "not a string");

  if (info.contact !== undefined) {
    const contact: NonNullable<InfoFields["contact"]> = {};
    if (!isObject(info.contact)) lose(["contact"], info.contact, "not an object");
    else {
      for (const key of Object.keys(info.contact)) {
        const value = info.contact[key];
        if (key === "name" && typeof value === "string" && oneLine(value)) contact.name = value;
        else if (key === "url" && link(value)) contact.url = value;
        else if (key === "email" && typeof value === "string" && EMAIL.test(value) && value.length <= LINE_MAX) contact.email = value;
        else lose(["contact", key], value, key === "name" || key === "url" || key === "email" ? `not a ${key} the catalogue can hold` : "not held by the catalogue");
      }
      if (Object.keys(contact).length > 0) fields.contact = contact;
    }
  }

  if (info.license !== undefined) {
    const license = info.license;
    if (!isObject(license) || typeof license.name !== "string" || !oneLine(license.name)) lose(["license"], license, "a license needs a name of one line");
    else {
      const held: NonNullable<InfoFields["license"]> = { name: license.name };
      for (const key of Object.keys(license)) {
        const value = license[key];
        if (key === "name") continue;
        if (key === "identifier" && typeof value === "string" && value.trim() !== "" && value.length <= 200) held.identifier = value;
        else if (key === "url" && link(value) && typeof license.identifier !== "string") held.url = value;
        else lose(["license", key], value, key === "url" && typeof license.identifier === "string" ? "a license gives an identifier or a URL, not both: the identifier is kept" : key === "identifier" || key === "url" ? `not a ${key} the catalogue can hold` : "not held by the catalogue");
      }
      fields.license = held;
    }
  }

  if (info.termsOfService !== undefined) {
    if (link(info.termsOfService)) fields.termsOfService = info.termsOfService;
    else lose(["termsOfService"], info.termsOfService, "not a link the catalogue can hold");
  }
  return fields;
}

function oneLine(value: string): boolean {
  return value.trim() !== "" && value.length <= LINE_MAX && !/[\r\n]/.test(value);
}

function link(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "" && value.length <= URL_MAX && !/[\s\u0000-\u001f\u007f]/.test(value);
}
