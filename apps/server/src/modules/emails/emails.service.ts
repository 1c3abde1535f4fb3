import type { EmailDefault, EmailTranslation, Lang, ParsedBody } from '@campsite/shared';
import { EM, emailLanguageIssues, emails as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { sanitizeRichText } from '../../lib/sanitize';
import { mailFailure, type Mail } from '../../integrations/mailer';
import { getAdminConfig, getGlobalSettings } from '../config/config.repository';
import * as repo from './emails.repository';
import { chooseLang, loadBranding, recipientVariables, renderMail, type Recipient, type Variables } from './render';

type Input = ParsedBody<typeof calls.insert>;

const clean = (translations: EmailTranslation[]): EmailTranslation[] =>
  translations.map((t) => ({ lang: t.lang, title: t.title.trim(), content: sanitizeRichText(t.content) }));

/** The default language's title and content are required (002 §5). */
async function check(tx: Tx, body: Input) {
  const { lang_default } = await getGlobalSettings(tx);
  const issues = emailLanguageIssues(body.translations, lang_default);
  const first = Object.values(issues)[0];
  if (first) throw badRequest(first, issues);
}

export const listTemplates = (deps: Deps) => repo.listTemplates(deps.db);

export async function insertTemplate(deps: Deps, body: Input) {
  return deps.db.transaction(async (tx) => {
    await check(tx, body);
    const now = deps.now();
    const id = newId();
    const translations = clean(body.translations);
    await repo.insertTemplate(tx, { id, name: body.name, defaultKey: null, translations, createdTime: now, editedTime: now });
    return { _id: id, name: body.name, default: null, translations, created_time: now, edited_time: now };
  });
}

export async function updateTemplate(deps: Deps, { id, ...body }: ParsedBody<typeof calls.update>) {
  return deps.db.transaction(async (tx) => {
    await check(tx, body);
    const row = await repo.updateTemplate(tx, id, { name: body.name, translations: clean(body.translations), editedTime: deps.now() });
    return row ?? (false as const);
  });
}

/** The built-in templates are what the application sends: they cannot go (002 §4). */
export async function deleteTemplate(deps: Deps, id: string) {
  return deps.db.transaction(async (tx) => {
    const template = await repo.findTemplate(tx, id);
    if (!template) return false as const;
    if (template.default) throw badRequest(EM.builtinNotDeletable, { id: EM.builtinNotDeletable });
    await repo.deleteTemplate(tx, id);
    return true as const;
  });
}

/** Sends one mail now; an SMTP refusal or an unreachable server is said to the user (502). */
async function sendNow(deps: Deps, mail: Parameters<Deps['mailer']['send']>[0]) {
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    const { kind, reason } = mailFailure(err);
    throw new HttpError(502, kind === 'down' ? EM.smtpUnreachable : reason);
  }
}

/** The saved template in `lang` to `destinataire`, the variables taken from the form (002 §2). */
export async function testTemplate(deps: Deps, body: ParsedBody<typeof calls.test>) {
  const template = await repo.findTemplate(deps.db, body.id);
  if (!template) return false as const;
  const branding = await loadBranding(deps);
  const lang = chooseLang(template.translations, body.lang, branding);
  // an empty link is the one a guest with this code gets (the app's sign-up with it, else its home)
  const guest = recipientVariables(branding, { email: body.destinataire, firstname: body.prenom, lastname: body.nom, code: body.code || null, lang }, lang);
  const vars: Variables = { ...guest, lien: body.lien || guest.lien, expediteur: body.expediteur || branding.sender };
  const mail = renderMail(branding, template.translations, lang, vars);
  await sendNow(deps, { ...mail, to: body.destinataire, from: branding.establishment, replyTo: vars.expediteur });
  return true as const;
}

/** The mail as this recipient will get it, for the send screen (the logo inline, no attachment). */
export async function previewMail(deps: Deps, body: ParsedBody<typeof calls.preview>) {
  const branding = await loadBranding(deps);
  const translations = clean(body.translations);
  const lang = chooseLang(translations, body.recipient.lang, branding);
  const { subject, html, text } = renderMail(branding, translations, lang, recipientVariables(branding, body.recipient, lang), { logo: 'inline' });
  return { lang, subject, html, text };
}

/**
 * Sends a built-in template to one guest, now (the activation e-mail of a new account: `lien` is its
 * activation link). Throws when the SMTP server refuses, as any send would.
 */
export async function sendBuiltin(deps: Deps, key: EmailDefault, to: Recipient, overrides: Partial<Variables> = {}) {
  const template = await repo.findBuiltin(deps.db, key);
  if (!template) throw new Error(`built-in e-mail template ${key} is missing`);
  const branding = await loadBranding(deps);
  const lang: Lang = chooseLang(template.translations, to.lang, branding);
  const vars = { ...recipientVariables(branding, to, lang), ...overrides };
  const mail = renderMail(branding, template.translations, lang, vars);
  await deps.mailer.send({ ...mail, to: to.email, from: branding.establishment, replyTo: branding.sender });
}

/** The areas whose mails config_emails may copy to the office (002 §3: inventories, services). */
export type CopiedArea = 'inventories' | 'services';

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

/** Sends a mail of `area` (an inventory, a service request) with the copy config_emails asks for. */
export async function sendAreaMail(deps: Deps, area: CopiedArea, mail: Mail) {
  const bcc = await copyFor(deps, area);
  await deps.mailer.send(bcc ? { ...mail, bcc } : mail);
}
