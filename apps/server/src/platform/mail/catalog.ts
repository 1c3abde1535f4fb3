import type { EmailTranslation, Lang } from '@campsite/shared';
import type { MailTexts, StaffMailTexts } from './catalog.types';
import { escapeHtml } from '../../lib/html';
import { ACCOUNT_EXISTS_MAIL, PASSWORD_MAIL } from './texts/account';
import { CHAT_UNREAD_MAIL } from './texts/chat';
import { DEPOSIT_MAIL } from './texts/deposits';
import { INVENTORY_REPORT_MAIL } from './texts/inventories';
import { REVIEW_ALERT_MAIL, REVIEW_INVITE_MAIL } from './texts/reviews';
import { BOOKING_MAIL } from './texts/services';

/** The areas whose mails config_emails may copy to the office (002 §3: inventories, services). */
export type CopiedArea = 'inventories' | 'services';

interface CatalogEntry {
  texts: MailTexts | StaffMailTexts;
  /** the blind copy config_emails asks for this area's mails (send.ts copyFor) */
  copy?: CopiedArea;
}

/**
 * Every mail an area sends whose words are ours, by key (the editable built-ins are in the database:
 * EMAIL_DEFAULTS; the staff notice and report are French paragraphs: staff.ts). The words of each are
 * in one shape (catalog.types.ts), one file per area under texts/.
 */
export const MAIL_CATALOG = {
  'password-email': { texts: PASSWORD_MAIL },
  'account-exists-email': { texts: ACCOUNT_EXISTS_MAIL },
  'booking-email': { texts: BOOKING_MAIL, copy: 'services' },
  'deposit-email': { texts: DEPOSIT_MAIL },
  'inventory-report-email': { texts: INVENTORY_REPORT_MAIL, copy: 'inventories' },
  'chat-unread-email': { texts: CHAT_UNREAD_MAIL },
  'review-invite-email': { texts: REVIEW_INVITE_MAIL },
  'review-alert-email': { texts: REVIEW_ALERT_MAIL },
} as const satisfies Record<string, CatalogEntry>;

export type CatalogKey = keyof typeof MAIL_CATALOG;

/** A slot's value: text (escaped in the body), or paragraphs already written as HTML (their parts escaped by the caller). */
export type SlotValue = string | { html: string };
/** The values of a mail's slots, the same in every language or per language (a date written in it). */
export type Slots = Record<string, SlotValue | ((lang: Lang) => SlotValue)>;

const OPTIONAL = /\[\[([\s\S]*?)\]\]/g;
const SLOT = /\{(\w+)\}/g;

/**
 * The mail `key` in each of its languages (or those of `langs`), its slots filled: escaped in the body
 * (`#` included, so that a value is never read as a template variable), as they are in the subject (plain
 * text). A slot the words name and `slots` lacks is a bug of ours: it throws.
 */
export function catalogTranslations(key: CatalogKey, slots: Slots = {}, langs?: readonly Lang[]): EmailTranslation[] {
  const texts: Partial<MailTexts> = MAIL_CATALOG[key].texts;
  const wanted = (Object.keys(texts) as Lang[]).filter((lang) => !langs || langs.includes(lang));
  return wanted.map((lang) => {
    const value = (name: string): SlotValue => {
      const v = slots[name];
      if (v === undefined) throw new Error(`mail ${key}: no value for {${name}}`);
      return typeof v === 'function' ? v(lang) : v;
    };
    const fill = (text: string, html: boolean) =>
      text
        .replace(OPTIONAL, (_, part: string) => ([...part.matchAll(SLOT)].every(([, name]) => plain(value(name)) !== '') ? part : ''))
        .replace(SLOT, (_, name: string) => {
          const v = value(name);
          return typeof v === 'object' ? (html ? v.html : plain(v)) : html ? escapeHtml(v) : v;
        });
    const words = texts[lang]!;
    return { lang, title: fill(words.subject, false), content: fill(words.body, true) };
  });
}

const plain = (v: SlotValue) => (typeof v === 'object' ? v.html.replace(/<[^>]*>/g, '') : v);
