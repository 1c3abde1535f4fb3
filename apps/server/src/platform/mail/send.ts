import type { EmailDefault, EmailTranslation, Lang } from '@campsite/shared';
import { EMAIL_DEFAULTS } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Mail } from '../../integrations/mailer';
import type { Deps } from '../../http/deps';
import { getAdminConfig } from '../settings/settings.repository';
import { MAIL_CATALOG, catalogTranslations, type CatalogKey, type CopiedArea, type Slots } from './catalog';
import { loadBranding } from './branding';
import { chooseLang, recipientVariables, renderMail, type Recipient, type Variables } from './render';
import { renderStaffNotice, renderStaffReport, type StaffNotice, type StaffReport } from './staff';
import { findBuiltin } from './templates.repository';

/**
 * The mails the application sends to one recipient, by key:
 * - the editable built-in templates (the establishment changes their text: EMAIL_DEFAULTS);
 * - the mails of the catalog (catalog.ts), whose words are ours, their slots filled from `options.slots`;
 * - the staff account notice, in French, in plain paragraphs (staff.ts);
 * - a report a staff member asked for (the weekly statistics), the same way.
 * A saved template (the dashboard's test mail) is given by its translations.
 */
export type TemplateKey = EmailDefault | CatalogKey | 'staff-notice' | 'staff-report';
export type TemplateSource = Exclude<TemplateKey, 'staff-notice' | 'staff-report'> | { translations: readonly EmailTranslation[] };

/**
 * The variables that override the recipient's (#lien, #expediteur…): given as they are, or computed from
 * the language the mail is written in and the recipient's own variables (a link to the guest app's page in
 * that language).
 */
export type TemplateVariables = Partial<Variables> | ((lang: Lang, own: Variables) => Partial<Variables>);
type VariablesOf<K> = K extends 'staff-notice' ? StaffNotice : K extends 'staff-report' ? StaffReport : TemplateVariables;

export interface SendOptions {
  /** the blind copy config_emails asks for an area's mails (002 §3); a catalog mail declares its own */
  copy?: CopiedArea;
  /** the values of a catalog mail's slots (catalog.ts) */
  slots?: Slots;
  /** a catalog mail written only in these languages (a questionnaire's): the recipient's is chosen among them */
  langs?: readonly Lang[];
  /** the Reply-To when not the establishment's address (the test mail's #expediteur) */
  replyTo?: string;
  /** files attached to the mail (a booking's .ics), after the layout's own images */
  attachments?: Mail['attachments'];
}

/**
 * The one way a single mail leaves (only a campaign's batches send in bulk: cron-mail.jobs.ts): the
 * template `key` in the recipient's language (with the fallback of every template, render.ts
 * `chooseLang`), the establishment's layout and Reply-To, the copy its area asks for. Throws what the
 * mailer throws (mailFailure tells a refusal from a passing failure): a caller in a request answers it, a
 * job retries it. A mail a request asks for is queued as a job in the request's transaction and sent from
 * there (docs/conventions.md 'A single mail').
 */
export async function sendTemplate<K extends TemplateKey | TemplateSource>(
  deps: Deps,
  key: K,
  to: Recipient,
  variables: VariablesOf<K>,
  options: SendOptions = {},
) {
  const mail =
    key === 'staff-notice'
      ? { ...(await renderStaffNotice(deps, to.firstname, variables as StaffNotice)), to: to.email }
      : key === 'staff-report'
        ? { ...(await renderStaffReport(deps, variables as StaffReport)), to: to.email }
        : await branded(deps, key as TemplateSource, to, variables as TemplateVariables, options);
  const copy = options.copy ?? (typeof key === 'string' && key in MAIL_CATALOG ? (MAIL_CATALOG[key as CatalogKey] as { copy?: CopiedArea }).copy : undefined);
  const bcc = copy ? await copyFor(deps, copy) : undefined;
  const attachments = options.attachments?.length ? { attachments: [...(('attachments' in mail && mail.attachments) || []), ...options.attachments] } : {};
  await deps.mailer.send({ ...mail, ...attachments, ...(bcc ? { bcc } : {}) });
}

/** The texts of a mail in every language it has: a saved template's, a built-in template's, or the catalog's. */
async function loadTemplateTexts(deps: Deps, source: TemplateSource, options: SendOptions): Promise<readonly EmailTranslation[]> {
  if (typeof source === 'object') return source.translations;
  if ((EMAIL_DEFAULTS as readonly string[]).includes(source)) {
    const template = await findBuiltin(deps.db, source as EmailDefault);
    if (!template) throw new Error(`built-in e-mail template ${source} is missing`);
    return template.translations;
  }
  return catalogTranslations(source as CatalogKey, options.slots, options.langs);
}

async function branded(deps: Deps, source: TemplateSource, to: Recipient, variables: TemplateVariables, options: SendOptions) {
  const translations = await loadTemplateTexts(deps, source, options);
  const branding = await loadBranding(deps);
  const lang = chooseLang(translations, to.lang, branding);
  const own = recipientVariables(branding, to, lang);
  const vars = { ...own, ...(typeof variables === 'function' ? variables(lang, own) : variables) };
  const mail = renderMail(branding, translations, lang, vars);
  return { ...mail, to: to.email, from: branding.establishment, replyTo: options.replyTo ?? branding.sender };
}

/**
 * The copy config_emails asks for a mail of `area`: with `bcc_<area>` on, a blind copy to that area's
 * address (else the establishment's, config_emails.default); none otherwise. Campaigns and pre-stay mails
 * are not copied (docs/email.md).
 */
export async function copyFor(deps: Deps, area: CopiedArea, db: Tx = deps.db): Promise<string | undefined> {
  const { config_emails: c } = await getAdminConfig(db);
  const on = area === 'inventories' ? c.bcc_inventories : c.bcc_services;
  return (on && (c[area] || c.default)) || undefined;
}
