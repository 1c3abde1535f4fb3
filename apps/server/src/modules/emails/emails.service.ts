import type { EmailTranslation, Lang, ParsedBody } from '@campsite/shared';
import { EMAILS, emailLanguageIssues, emails as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { sanitizeRichText } from '../../lib/sanitize';
import { mailFailure } from '../../integrations/mailer';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import * as repo from './emails.repository';
import { loadBranding } from '../../platform/mail/branding';
import { chooseLang, recipientVariables, renderMail, type Variables } from '../../platform/mail/render';
import { sendTemplate } from '../../platform/mail/send';

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
    if (template.default) throw badRequest(EMAILS.builtinNotDeletable, { id: EMAILS.builtinNotDeletable });
    await repo.deleteTemplate(tx, id);
    return true as const;
  });
}

/** A mail sent while the user waits: an SMTP refusal or an unreachable server is said to them (502). */
async function answeringFailure(send: () => Promise<void>) {
  try {
    await send();
  } catch (err) {
    const { kind, reason } = mailFailure(err);
    throw new HttpError(502, kind === 'down' ? EMAILS.smtpUnreachable : reason);
  }
}

/** The saved template in `lang` to `destinataire`, the variables taken from the form (002 §2). */
export async function testTemplate(deps: Deps, body: ParsedBody<typeof calls.test>) {
  const template = await repo.findTemplate(deps.db, body.id);
  if (!template) return false as const;
  const to = { email: body.destinataire, firstname: body.prenom, lastname: body.nom, code: body.code || null, lang: body.lang };
  // an empty link is the one a guest with this code gets (the app's sign-up with it, else its home)
  const vars = (_lang: Lang, own: Variables) => ({ lien: body.lien || own.lien, expediteur: body.expediteur || own.expediteur });
  await answeringFailure(() => sendTemplate(deps, { translations: template.translations }, to, vars, { replyTo: body.expediteur || undefined }));
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
