import { z } from 'zod';
import { isEmail } from '../domain/section-fields';
import { isBlankText } from '../domain/translations';
import { EMAILS, CORE } from '../messages';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, lang, ok } from './common';

/** 002 §9: template name and title at most 120 characters; a campaign's address preview shows 10. */
export const EMAIL_NAME_MAX = 120;
export const EMAIL_TITLE_MAX = 120;
export const CAMPAIGN_PREVIEW = 10;
const CONTENT_MAX = 200_000;

/** The built-in templates (002 §3 'default'): used by the application, never deleted. */
export const EMAIL_DEFAULTS = ['subscribe-email', 'confirmation-email'] as const;
export type EmailDefault = (typeof EMAIL_DEFAULTS)[number];

/** The variables a template may hold (002 §2), filled per recipient; the side panel lists them so. */
export const EMAIL_VARIABLES = [
  { name: '#code', help: "le code d'activation du client" },
  { name: '#lien', help: "le lien vers l'application (inscription avec le code du client, ou activation du compte)" },
  { name: '#nom', help: 'le nom du destinataire' },
  { name: '#prenom', help: 'le prénom du destinataire' },
  { name: '#destinataire', help: "l'adresse e-mail du destinataire" },
  { name: '#expediteur', help: "l'adresse e-mail de l'établissement" },
] as const;

export const emailTranslation = z.object({ lang, title: z.string().max(1000), content: z.string().max(CONTENT_MAX) });
export type EmailTranslation = z.infer<typeof emailTranslation>;

export const emailDoc = z.object({
  _id: z.string(),
  name: z.string(),
  default: z.enum(EMAIL_DEFAULTS).nullable(),
  translations: z.array(emailTranslation),
  created_time: z.number(),
  edited_time: z.number(),
});
export type EmailTemplate = z.infer<typeof emailDoc>;

const emailName = z.string({ error: EMAILS.nameRequired }).trim().min(1, EMAILS.nameRequired).max(EMAIL_NAME_MAX, EMAILS.nameMax);

/** Each language once; titles at most 120 characters, said in the language's version. */
function checkTranslations(translations: { lang: string; title: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  translations.forEach((t, i) => {
    if (seen.has(t.lang)) ctx.addIssue({ code: 'custom', path: ['translations', i, 'lang'], message: CORE.badRequest });
    seen.add(t.lang);
    if (t.title.trim().length > EMAIL_TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['translations', i, 'title'], message: EMAILS.titleMax(t.lang) });
  });
}

const templateFields = { name: emailName, translations: z.array(emailTranslation).max(7) };
export const emailInsert = z.object(templateFields).superRefine((v, ctx) => checkTranslations(v.translations, ctx));
export const emailUpdate = z.object({ id, ...templateFields }).superRefine((v, ctx) => checkTranslations(v.translations, ctx));

/**
 * The rules that need the establishment's default language (002 §5): its title and its content are
 * required. Answers the messages by field path, as the server's 400 does; empty when all is well.
 */
export function emailLanguageIssues(translations: readonly { lang: string; title: string; content: string }[], defaultLang: string) {
  const index = translations.findIndex((t) => t.lang === defaultLang);
  const at = index >= 0 ? index : translations.length;
  const entry = translations[index];
  const issues: Record<string, string> = {};
  if (!entry || entry.title.trim() === '') issues[`translations.${at}.title`] = EMAILS.titleRequired(defaultLang);
  if (!entry || isBlankText(entry.content)) issues[`translations.${at}.content`] = EMAILS.contentRequired(defaultLang);
  return issues;
}

const address = (required: string, invalid: string) =>
  z.string({ error: required }).trim().min(1, required).max(200, invalid).refine(isEmail, invalid);
const optionalAddress = (invalid: string) =>
  z.string().trim().max(200, invalid).refine((s) => s === '' || isEmail(s), invalid).optional().transform((s) => s ?? '');
const variable = z.string().max(500).optional().transform((s) => (s ?? '').trim());

/** Test send (002 §5): the recipient is required and valid; the sender optional but valid when given. */
export const emailTest = z.object({
  id,
  lang,
  destinataire: address(EMAILS.recipientRequired, EMAILS.recipientInvalid),
  expediteur: optionalAddress(EMAILS.senderInvalid),
  nom: variable,
  prenom: variable,
  code: variable,
  lien: variable,
});

// ---------------------------------------------------------------- campaigns (cron_mail)

/** One address of a campaign (002 §3 'email_list'). */
export const campaignRecipient = z.object({
  client_number: z.string().max(64).nullable().optional().transform((s) => s ?? null),
  email: address(EMAILS.recipientRequired, EMAILS.recipientInvalid),
  firstname: z.string().max(200).optional().transform((s) => s ?? ''),
  lastname: z.string().max(200).optional().transform((s) => s ?? ''),
  code: z.string().max(200).nullable().optional().transform((s) => s ?? null),
  lang: lang.nullable().optional().transform((s) => s ?? null),
  /** the guest app user this address belongs to, when it is a user's */
  user: z.string().max(64).nullable().optional().transform((s) => s ?? null),
});
export type CampaignRecipientInput = z.input<typeof campaignRecipient>;

export const CAMPAIGN_MAX_RECIPIENTS = 20_000;
/** A campaign is planned at most two years ahead (ours): a date beyond is a typing slip, and no screen shows the year 275 760. */
export const CAMPAIGN_MAX_AHEAD = 2 * 365 * 86400;

export const campaignInsert = z.object({
  /** epoch seconds; in the future (002 §5) — or now, for 'send now'; a date far beyond says so, not the bound */
  timestamp: z.number().int().min(-5_000_000_000).max(5_000_000_000, EMAILS.dateTooFar),
  /** the staff member, as the spec's dashboard sends it; the server takes the session's */
  user: z.string().max(64).nullable().optional(),
  translations: z.array(emailTranslation).min(1, CORE.badRequest).max(7),
  email_list: z.array(campaignRecipient).max(CAMPAIGN_MAX_RECIPIENTS),
  /** ours: the template it was written from, for the list */
  template: z.string().max(64).nullable().optional(),
});

export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignAddressDoc = z.object({
  client_number: z.string().nullable(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  code: z.string().nullable(),
  lang: z.string().nullable(),
  user: z.string().nullable(),
  /** ours: where this address stands */
  status: z.enum(['pending', 'sent', 'failed', 'cancelled']),
  /** ours: the SMTP server's refusal, for a failed address */
  error: z.string().nullable(),
});

export const campaignDoc = z.object({
  _id: z.string(),
  /** false until every address is done, then the send date (002 §3) */
  sent: z.union([z.literal(false), z.number()]),
  /** addresses already sent (002 §3) */
  sent_list: z.array(z.string()),
  /** the first addresses (all of them with ?full=1 on find) */
  email_list: z.array(campaignAddressDoc),
  translations: z.array(emailTranslation),
  timestamp: z.number(),
  user: z.string().nullable(),
  create_time: z.number(),
  update_time: z.number(),
  // ours
  template: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  total: z.number(),
  sent_count: z.number(),
  failed_count: z.number(),
  /**
   * ours (issue 29): of the sent addresses, those that may have received the mail twice (a server stopped
   * between handing it to the SMTP server and recording it; sent again, counted once in sent_count)
   */
  sent_twice: z.number().optional(),
  cancelled_time: z.number().nullable(),
  /** ours: the SMTP server failed for a while (down, "try later"): why, in French, and when the next try is */
  retry: z.object({ at: z.number(), error: z.string() }).nullable(),
});
export type Campaign = z.infer<typeof campaignDoc>;

/** A mail as one recipient gets it (the send screen's preview). */
export const renderedEmailDoc = z.object({ lang, subject: z.string(), html: z.string(), text: z.string() });

export const emails = {
  list: call('GET', 'dashboard/emails/list', { ...staff('emails'), answer: z.array(emailDoc), summary: 'Lists the e-mail templates' }),
  insert: call('POST', 'dashboard/emails/insert', { ...staff('emails'), body: emailInsert, answer: emailDoc, summary: 'Creates an e-mail template' }),
  update: call('POST', 'dashboard/emails/update', { ...staff('emails'), body: emailUpdate, answer: orFalse(emailDoc), summary: 'Updates an e-mail template (false: unknown id)' }),
  delete: call('POST', 'dashboard/emails/delete', {
    ...staff('emails'),
    body: idBody,
    answer: deleteAnswer,
    summary: 'A built-in template (default set) is refused with a 400',
  }),
  test: call('POST', 'dashboard/emails/test', {
    ...staff('emails'),
    body: emailTest,
    answer: orFalse(ok),
    summary: 'Sends the saved template in lang to destinataire, variables filled from the body; an SMTP refusal is a 502 with its reason',
  }),
  preview: call('POST', 'dashboard/emails/preview', {
    ...staff('emails'),
    body: z.object({ translations: z.array(emailTranslation).max(7), recipient: campaignRecipient }),
    answer: renderedEmailDoc,
    summary: 'The mail as this recipient will get it: their language, variables filled, in the layout (not in the spec)',
  }),
};

export const cronMail = {
  list: call('GET', 'dashboard/cron_mail/list', {
    ...staff('emails'),
    answer: z.array(campaignDoc),
    summary: `Newest send time first; email_list holds the first ${CAMPAIGN_PREVIEW} addresses (find gives them all)`,
  }),
  insert: call('POST', 'dashboard/cron_mail/insert', {
    ...staff('emails'),
    body: campaignInsert,
    answer: campaignDoc,
    summary: 'Plans the campaign: one job per batch of addresses at timestamp; the same address twice is sent once',
  }),
  find: call('GET', 'dashboard/cron_mail/find', {
    ...staff('emails'),
    query: z.object({ id }),
    answer: orFalse(campaignDoc),
    summary: 'One campaign with all its addresses and their status (not in the spec)',
  }),
  cancel: call('POST', 'dashboard/cron_mail/cancel', {
    ...staff('emails'),
    body: idBody,
    answer: orFalse(campaignDoc),
    summary: 'Cancels what is not sent yet; a campaign already sent is a 400 (not in the spec)',
  }),
};
