/**
 * Optional contact and link fields of a page section (001 §3, §5). All are optional: an empty value is
 * valid; a filled one must have the expected shape.
 */

export const SECTION_LINK_MESSAGES = {
  phone: "Le format du numéro de téléphone n'est pas correct",
  email: "Le format de l'e-mail n'est pas correct",
  website: "Le format du site web n'est pas correct",
  localisation: "Le format du lien Google Maps n'est pas correct",
  facebook: "Le format du lien Facebook n'est pas correct",
  instagram: "Le format du lien Instagram n'est pas correct",
} as const;

export type SectionLinkField = keyof typeof SECTION_LINK_MESSAGES;
export const SECTION_LINK_FIELDS = Object.keys(SECTION_LINK_MESSAGES) as SectionLinkField[];
export type SectionLinks = Partial<Record<SectionLinkField, string | null>>;

// Letters of any script so accented (IDN) domains are accepted as typed.
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?';
const DOMAIN = `(?:${LABEL}\\.)+\\p{L}{2,}`;

const EMAIL = new RegExp(`^[^\\s@"<>(),;:\\\\\\[\\]]+@${DOMAIN}$`, 'u');
/** Optional http(s) scheme, a domain with its TLD, optional port, then anything without spaces. */
const WEBSITE = new RegExp(`^(?:https?://)?${DOMAIN}(?::\\d{1,5})?(?:[/?#]\\S*)?$`, 'iu');
const PHONE = /^\+?[0-9 ./-]{9,}$/;

/** The e-mail pattern of 000 §5: something@domain.tld, no spaces. */
export function isEmail(s: string): boolean {
  return EMAIL.test(s);
}

/** The URL parse check of 000 §5: parses as a URL with an http or https scheme and a host. */
export function isUrl(s: string): boolean {
  return parseHttpUrl(s, ['http:', 'https:']) !== null;
}

function parseHttpUrl(s: string, protocols: string[]): URL | null {
  if (/\s/.test(s)) return null;
  try {
    const url = new URL(s);
    return protocols.includes(url.protocol) && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

/** https URL on one of `hosts` with something after the host (a bare home page is no link to the site's page). */
function isHttpsOn(s: string, hosts: string[]): URL | null {
  const url = parseHttpUrl(s, ['https:']);
  if (!url || !hosts.includes(url.hostname.toLowerCase())) return null;
  return url.pathname.length > 1 || url.search.length > 1 ? url : null;
}

/** Google's regional domains too (google.fr, google.co.uk): that is what French users copy. */
const GOOGLE_HOST = /^(?:www\.|maps\.)?google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

function isMapsLink(s: string): boolean {
  const url = parseHttpUrl(s, ['https:']);
  if (!url) return false;
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  if (host === 'maps.app.goo.gl') return path.length > 1;
  if (host === 'goo.gl') return /^\/maps\/./.test(path);
  if (!GOOGLE_HOST.test(host)) return false;
  // maps.google.* is all maps; www.google.* only under /maps.
  return host.startsWith('maps.') || /^\/maps(?:\/|$)/.test(path);
}

const CHECKS: Record<SectionLinkField, (v: string) => boolean> = {
  phone: (v) => PHONE.test(v),
  email: isEmail,
  website: (v) => WEBSITE.test(v),
  localisation: isMapsLink,
  facebook: (v) => isHttpsOn(v, ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'fb.com']) !== null,
  instagram: (v) => isHttpsOn(v, ['instagram.com', 'www.instagram.com']) !== null,
};

/** Errors by field (only the fields in error); values are trimmed first, empty ones are fine. */
export function validateSectionLinks(fields: SectionLinks): Partial<Record<SectionLinkField, string>> {
  const errors: Partial<Record<SectionLinkField, string>> = {};
  for (const key of SECTION_LINK_FIELDS) {
    const v = (fields[key] ?? '').trim();
    if (v !== '' && !CHECKS[key](v)) errors[key] = SECTION_LINK_MESSAGES[key];
  }
  return errors;
}

/**
 * The values as saved: trimmed; phone without separators ('+33 4.67/12-34-56' → '+33467123456');
 * website with https:// when typed without a scheme. Invalid values are only trimmed, so an error shown
 * afterwards still matches what was typed. Other keys of `fields` are copied unchanged.
 */
export function normalizeSectionLinks<T extends SectionLinks>(fields: T): T {
  const out = { ...fields };
  for (const key of SECTION_LINK_FIELDS) {
    const value = fields[key];
    if (typeof value !== 'string') continue;
    let v = value.trim();
    if (v !== '' && CHECKS[key](v)) {
      if (key === 'phone') v = v.replace(/[ ./-]/g, '');
      if (key === 'website' && !/^https?:\/\//i.test(v)) v = `https://${v}`;
    }
    (out as SectionLinks)[key] = v;
  }
  return out;
}
