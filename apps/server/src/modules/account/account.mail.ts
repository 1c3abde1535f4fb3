import type { Lang } from '@campsite/shared';
import { accountLink, isLang, segment } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { guestBase } from '../../lib/guest-url';
import type { JobArea } from '../../jobs';
import { handleMailJob } from '../../platform/mail/job';
import { sendTemplate } from '../../platform/mail/send';
import { accountMailJob } from './account.jobs';
import * as repo from './account.repository';
import { findGuest } from '../../platform/people/guests.repository';

export type AccountMail = 'activate' | 'reset' | 'taken';

interface To {
  email: string;
  firstname: string;
  lastname?: string;
  langage: string | null;
}

const TEMPLATES = { activate: 'confirmation-email', reset: 'password-email', taken: 'account-exists-email' } as const;

/**
 * Sends an account mail now: the activation link (the establishment's editable 'confirmation-email'
 * template), a password link, or the 'you already have an account' notice, each in the guest's language
 * with the fallback of every template (platform/mail/send.ts). The link opens the guest app in the guest's own
 * language when it has one (the activation link: else in French), else in the mail's.
 */
export async function sendAccountMail(deps: Deps, kind: AccountMail, to: To, token: string | null) {
  const recipient = { email: to.email, firstname: to.firstname, lastname: to.lastname ?? '', code: null, lang: to.langage };
  const own = isLang(to.langage) ? to.langage : null;
  const base = guestBase(deps).replace(/\/+$/, '');
  const lien = (lang: Lang) =>
    kind === 'activate'
      ? accountLink(guestBase(deps), own ?? 'fr', { activation: token ?? '' })
      : kind === 'reset'
        ? accountLink(base, own ?? lang, { reset: token ?? '' })
        : `${base}${segment(own ?? lang, 'account')}`;
  await sendTemplate(deps, TEMPLATES[kind], recipient, (lang) => ({ lien: lien(lang) }));
}

/** The queued account mail: nothing for an account gone or already activated; the link made now. */
export const accountMailSend = handleMailJob(accountMailJob, async (deps, job) => {
  const { kind, user } = job.payload;
  const row = await findGuest(deps.db, user);
  if (!row || (kind === 'activate' && row.activate)) return;
  const token = kind === 'taken' ? null : await repo.newLink(deps.db, row.id, kind, deps.now());
  await sendAccountMail(deps, kind, row, token);
});

export const accountMails: JobArea = [accountMailSend];
