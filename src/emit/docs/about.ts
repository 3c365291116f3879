// The index page's facts about the API itself: its version, contact, license and terms of service,
// each only where the catalogue gives it.
import type { ApiModel } from "../../model/types.js";
import { code, fixed, join, link, text, type Md } from "./markdown.js";

export interface AboutRow {
  label: Md;
  value: Md;
}

export function aboutRows(model: ApiModel): AboutRow[] | null {
  const rows: AboutRow[] = [];
  if (model.version !== undefined) rows.push({ label: fixed("Version"), value: text(model.version) });
  const contact = model.contact;
  if (contact !== undefined) {
    const parts: Md[] = [];
    if (contact.name !== undefined) parts.push(text(contact.name));
    if (contact.url !== undefined) parts.push(link(text(contact.url), contact.url));
    if (contact.email !== undefined) parts.push(link(text(contact.email), `mailto:${contact.email}`));
    rows.push({ label: fixed("Contact"), value: join(parts, ", ") });
  }
  const license = model.license;
  if (license !== undefined) {
    const name = license.url !== undefined ? link(text(license.name), license.url) : text(license.name);
    rows.push({ label: fixed("License"), value: license.identifier !== undefined ? fixed(`${name} (${code(license.identifier)})`) : name });
  }
  if (model.termsOfService !== undefined) rows.push({ label: fixed("Terms of service"), value: link(text(model.termsOfService), model.termsOfService) });
  return rows.length > 0 ? rows : null;
}
