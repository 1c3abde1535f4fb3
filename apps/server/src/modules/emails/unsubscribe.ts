import type { Lang } from '@campsite/shared';
import { isLang } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import * as contacts from './contacts.repository';

/**
 * Unsubscribing from campaigns (issue 20): every campaign mail carries a link to a small page of ours and
 * a List-Unsubscribe header (one-click, RFC 8058). Opening the link changes nothing (mail scanners open
 * links); its button, or the mail client's one-click POST, unsubscribes the address. Campaigns then skip
 * it; the mails of its account and stay still go.
 */
interface Words {
  link: string;
  title: string;
  question: (establishment: string, email: string) => string;
  button: string;
  done: (establishment: string, email: string) => string;
  invalid: string;
}

export const UNSUBSCRIBE_WORDS: Record<Lang, Words> = {
  fr: {
    link: 'Se désabonner de ces e-mails',
    title: 'Désabonnement',
    question: (e, m) => `Ne plus recevoir les e-mails d'information de ${e} à l'adresse ${m} ?`,
    button: 'Me désabonner',
    done: (e, m) => `C'est fait : ${m} ne recevra plus les e-mails d'information de ${e}. Les e-mails liés à votre compte et à votre séjour continueront d'arriver.`,
    invalid: "Ce lien de désabonnement n'est pas valide.",
  },
  en: {
    link: 'Unsubscribe from these e-mails',
    title: 'Unsubscribe',
    question: (e, m) => `Stop receiving newsletters from ${e} at ${m}?`,
    button: 'Unsubscribe',
    done: (e, m) => `Done: ${m} will no longer receive newsletters from ${e}. E-mails about your account and your stay will still arrive.`,
    invalid: 'This unsubscribe link is not valid.',
  },
  de: {
    link: 'Von diesen E-Mails abmelden',
    title: 'Abmelden',
    question: (e, m) => `Keine Info-E-Mails von ${e} mehr an ${m} erhalten?`,
    button: 'Abmelden',
    done: (e, m) => `Erledigt: ${m} erhält keine Info-E-Mails von ${e} mehr. E-Mails zu Ihrem Konto und Ihrem Aufenthalt erhalten Sie weiterhin.`,
    invalid: 'Dieser Abmeldelink ist ungültig.',
  },
  nl: {
    link: 'Afmelden voor deze e-mails',
    title: 'Afmelden',
    question: (e, m) => `Geen informatieve e-mails van ${e} meer ontvangen op ${m}?`,
    button: 'Afmelden',
    done: (e, m) => `Klaar: ${m} ontvangt geen informatieve e-mails van ${e} meer. E-mails over uw account en uw verblijf blijft u ontvangen.`,
    invalid: 'Deze afmeldlink is niet geldig.',
  },
  it: {
    link: "Annulla l'iscrizione a queste e-mail",
    title: "Annullamento dell'iscrizione",
    question: (e, m) => `Non ricevere più le e-mail informative di ${e} all'indirizzo ${m}?`,
    button: "Annulla l'iscrizione",
    done: (e, m) => `Fatto: ${m} non riceverà più le e-mail informative di ${e}. Le e-mail relative al Suo account e al Suo soggiorno continueranno ad arrivare.`,
    invalid: 'Questo link di annullamento non è valido.',
  },
  es: {
    link: 'Darse de baja de estos correos',
    title: 'Darse de baja',
    question: (e, m) => `¿Dejar de recibir los correos informativos de ${e} en ${m}?`,
    button: 'Darme de baja',
    done: (e, m) => `Hecho: ${m} ya no recibirá los correos informativos de ${e}. Los correos sobre su cuenta y su estancia seguirán llegando.`,
    invalid: 'Este enlace para darse de baja no es válido.',
  },
  pt: {
    link: 'Cancelar a subscrição destes e-mails',
    title: 'Cancelar a subscrição',
    question: (e, m) => `Deixar de receber os e-mails informativos de ${e} em ${m}?`,
    button: 'Cancelar a subscrição',
    done: (e, m) => `Feito: ${m} deixará de receber os e-mails informativos de ${e}. Os e-mails sobre a sua conta e a sua estadia continuarão a chegar.`,
    invalid: 'Esta ligação de cancelamento não é válida.',
  },
};

const PATH = '/api/webapp/account/unsubscribe';

/** The link of an address's token, on the guest app's address, in the mail's language. */
export const unsubscribeUrl = (base: string, token: string, lang: Lang) => `${base.replace(/\/+$/, '')}${PATH}?${new URLSearchParams({ token, lang })}`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

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

