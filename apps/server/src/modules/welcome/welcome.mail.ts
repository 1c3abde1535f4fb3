import { WELCOME as W } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import type { Mail } from '../../integrations/mailer';
import { escapeHtml } from '../../lib/html';
import { getGlobalSettings } from '../../platform/settings/settings.repository';

export interface WelcomeMail {
  to: string;
  login: string;
  /** the campsite's dashboard, `SITES_SCHEME://<dashboard host>` */
  dashboardUrl: string;
  /** the single-use link to choose a password */
  link: string;
}

const anchor = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;

/**
 * The first e-mail to a new site's manager, in French, from the establishment's name (the demo's, or the
 * default one) at MAIL_FROM's address, in the staff notice's plain paragraphs (platform/mail/staff.ts).
 */
export async function renderWelcome(deps: Pick<Deps, 'db'>, m: WelcomeMail): Promise<Mail> {
  const { establishment } = await getGlobalSettings(deps.db);
  const paragraphs: [text: string, html: string][] = [
    [W.mailHello, escapeHtml(W.mailHello)],
    [`${W.mailReady}\n${m.dashboardUrl}`, `${escapeHtml(W.mailReady)}<br>${anchor(m.dashboardUrl)}`],
    [W.mailLogin(m.login), escapeHtml(W.mailLogin(m.login))],
    [`${W.mailLink}\n${m.link}`, `${escapeHtml(W.mailLink)}<br>${anchor(m.link)}`],
    [W.mailIgnore, escapeHtml(W.mailIgnore)],
  ];
  return {
    to: m.to,
    from: establishment,
    subject: `${establishment} — ${W.mailSubject}`,
    html: paragraphs.map(([, html]) => `<p>${html}</p>`).join('\n'),
    text: paragraphs.map(([text]) => text).join('\n\n'),
  };
}
