import type { Lang } from '@campsite/shared';
import { accountLink, isLang, segment } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { mailFailure } from '../../integrations/mailer';
import type { Job, Scheduler } from '../../jobs';
import { sendBuiltin } from '../emails/emails.service';
import { chooseLang, loadBranding, recipientVariables, renderMail } from '../emails/render';
import * as repo from './account.repository';
import { ACCOUNT_TEXTS } from './account.texts';

/** The guest app's address, for the links of e-mails. */
export const guestBase = (deps: Deps) => deps.env.GUEST_URL ?? `http://localhost:${deps.env.GUEST_PORT}`;

export type AccountMail = 'activate' | keyof typeof ACCOUNT_TEXTS;

interface To {
  email: string;
  firstname: string;
  lastname?: string;
  langage: string | null;
}

/**
 * Sends an account mail now: the activation link (the establishment's editable 'confirmation-email'
 * template), a password link, or the 'you already have an account' notice (ACCOUNT_TEXTS), each in the
 * guest's language with the fallback of every template (emails/render.ts `chooseLang`).
 */
export async function sendAccountMail(deps: Deps, kind: AccountMail, to: To, token: string | null) {
  const recipient = { email: to.email, firstname: to.firstname, lastname: to.lastname ?? '', code: null, lang: to.langage };
  const page = (lang: Lang) => (isLang(to.langage) ? to.langage : lang);
  if (kind === 'activate') {
    const lien = accountLink(guestBase(deps), isLang(to.langage) ? to.langage : 'fr', { activation: token ?? '' });
    return sendBuiltin(deps, 'confirmation-email', recipient, { lien });
  }
  const branding = await loadBranding(deps);
  const texts = ACCOUNT_TEXTS[kind];
  const lang = chooseLang(texts, to.langage, branding);
  const lien =
    kind === 'reset' ? accountLink(branding.guestBase, page(lang), { reset: token ?? '' }) : `${branding.guestBase}${segment(page(lang), 'account')}`;
  const mail = renderMail(branding, texts, lang, { ...recipientVariables(branding, recipient, lang), lien });
  await deps.mailer.send({ ...mail, to: to.email, from: branding.establishment, replyTo: branding.sender });
}

/**
 * The account mails a guest's request asks for are jobs, queued in the request's transaction: the answer
 * never waits on the SMTP server (nor tells, by its time, whether a mail went), a passing failure is
 * retried with back-off, and the link is made when the mail goes, so that no job holds a usable token.
 */
export const MAIL_KIND = 'account.mail';
export interface MailPayload {
  kind: AccountMail;
  user: string;
}

async function sendQueued(deps: Deps, job: Job<MailPayload>) {
  const { kind, user } = job.payload;
  const row = await repo.findById(deps.db, user);
  if (!row || (kind === 'activate' && row.activate)) return;
  const token = kind === 'taken' ? null : await repo.newLink(deps.db, row.id, kind, deps.now());
  try {
    await sendAccountMail(deps, kind, row, token);
  } catch (err) {
    // refused for good (an unknown mailbox): trying again would not help
    if (mailFailure(err).kind === 'refused') return;
    throw err;
  }
}

export function accountJobs(jobs: Scheduler, deps: Deps) {
  jobs.registerHandler<MailPayload>(MAIL_KIND, (job) => sendQueued(deps, job), { maxAttempts: 5 });
}
