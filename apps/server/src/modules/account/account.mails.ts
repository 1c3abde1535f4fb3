import type { Lang } from '@campsite/shared';
import { accountLink, LANGS } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { sendBuiltin } from '../emails/emails.service';
import { DEFAULT_GLOBAL, getEntry, type GlobalSettings } from '../config/config.repository';

/** The guest app's address, for the links of e-mails. */
export const guestBase = (deps: Deps) => deps.env.GUEST_URL ?? `http://localhost:${deps.env.GUEST_PORT}`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Built-in texts of the password e-mail, in French or English (the activation e-mail is the editable
 * 'confirmation-email' template). A guest whose language is neither gets English.
 */
const TEXTS = {
  reset: {
    fr: { subject: 'Nouveau mot de passe', intro: 'Vous avez demandé un nouveau mot de passe pour l’application de', button: 'Choisir un nouveau mot de passe', outro: 'Ce lien est valable 2 heures. Si vous n’avez rien demandé, ignorez ce message.' },
    en: { subject: 'New password', intro: 'You asked for a new password for the app of', button: 'Choose a new password', outro: 'This link is valid for 2 hours. If you did not ask for it, ignore this message.' },
  },
} as const;

export async function sendAccountMail(deps: Deps, kind: 'activate' | keyof typeof TEXTS, to: { email: string; firstname: string; lastname?: string; langage: string | null }, token: string) {
  // the activation e-mail is the establishment's editable template (the e-mail templates screen)
  if (kind === 'activate') {
    const pageLang: Lang = (LANGS as readonly string[]).includes(to.langage ?? '') ? (to.langage as Lang) : 'fr';
    const lien = accountLink(guestBase(deps), pageLang, { activation: token });
    return sendBuiltin(deps, 'confirmation-email', { email: to.email, firstname: to.firstname, lastname: to.lastname ?? '', code: null, lang: to.langage }, { lien });
  }
  const lang: Lang = to.langage === 'fr' ? 'fr' : 'en';
  const t = TEXTS[kind][lang];
  const { establishment } = await getEntry<GlobalSettings>(deps.db, 'global', DEFAULT_GLOBAL);
  const pageLang: Lang = (LANGS as readonly string[]).includes(to.langage ?? '') ? (to.langage as Lang) : 'fr';
  const link = accountLink(guestBase(deps), pageLang, { reset: token });
  const hello = lang === 'fr' ? `Bonjour ${escape(to.firstname)},` : `Hello ${escape(to.firstname)},`;
  const html = `<p>${hello}</p><p>${t.intro} ${escape(establishment)}${lang === 'fr' ? ', cliquez sur le bouton ci-dessous :' : ', click the button below:'}</p>
<p><a href="${escape(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${t.button}</a></p>
<p style="color:#555">${escape(link)}</p><p style="color:#555">${t.outro}</p>`;
  await deps.mailer.send({ to: to.email, subject: `${establishment} — ${t.subject}`, html });
}
