import type { Lang } from '@campsite/shared';
import { isLang } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { escapeHtml } from '../../lib/html';
import { UNSUBSCRIBE_WORDS } from '../../platform/mail/texts/unsubscribe';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import * as contacts from './contacts.repository';

/**
 * Unsubscribing from campaigns (issue 20): every campaign mail carries a link to a small page of ours and
 * a List-Unsubscribe header (one-click, RFC 8058). Opening the link changes nothing (mail scanners open
 * links); its button, or the mail client's one-click POST, unsubscribes the address. Campaigns then skip
 * it; the mails of its account and stay still go.
 */
const PATH = '/api/webapp/account/unsubscribe';

/** The link of an address's token, on the guest app's address, in the mail's language. */
export const unsubscribeUrl = (base: string, token: string, lang: Lang) => `${base.replace(/\/+$/, '')}${PATH}?${new URLSearchParams({ token, lang })}`;

function page(lang: Lang, title: string, body: string) {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:32px 16px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<main style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;line-height:1.5">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/** The page of the link: the question and its button (a POST), or that the link is not valid. */
export async function unsubscribePage(deps: Deps, token: string, wanted: string | undefined, done = false): Promise<string> {
  const lang: Lang = isLang(wanted) ? wanted : 'fr';
  const w = UNSUBSCRIBE_WORDS[lang];
  const contact = done ? await contacts.unsubscribe(deps.db, token, deps.now()) : await contacts.findByToken(deps.db, token);
  if (!contact) return page(lang, w.title, `<p>${escapeHtml(w.invalid)}</p>`);
  const { establishment } = await getGlobalSettings(deps.db);
  if (done || contact.unsubscribedTime) return page(lang, w.title, `<p role="status">${escapeHtml(w.done(establishment, contact.email))}</p>`);
  const action = `${PATH}?${new URLSearchParams({ token, lang })}`;
  return page(
    lang,
    w.title,
    `<p>${escapeHtml(w.question(establishment, contact.email))}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font-size:16px;padding:10px 20px;border:0;border-radius:6px;background:#1d4e89;color:#fff;cursor:pointer">${escapeHtml(w.button)}</button></form>`,
  );
}

