import type { FastifyRequest } from 'fastify';
import type { Lang } from '@campsite/shared';
import { LANGS, isLang, pickLanguage } from '@campsite/shared';
import { acceptedLanguages } from '../../http/first-screen';

/**
 * The subscription calls' refusals in the guest app's seven languages: a guest's device is answered in
 * the language the app sent (`lang`), else the one chosen on the device (its cookie), else the browser's,
 * else French.
 */
const SUBSCRIPTION_INVALID: Record<Lang, string> = {
  fr: "Cet abonnement aux notifications n'est pas valide",
  en: 'This notification subscription is not valid',
  de: 'Dieses Benachrichtigungsabonnement ist ungültig',
  nl: 'Dit abonnement op meldingen is niet geldig',
  it: 'Questa iscrizione alle notifiche non è valida',
  es: 'Esta suscripción a las notificaciones no es válida',
  pt: 'Esta subscrição de notificações não é válida',
};

export function guestLangOf(req: FastifyRequest, bodyLang?: string | null): Lang {
  if (isLang(bodyLang)) return bodyLang;
  const chosen = req.cookies?.lang;
  if (isLang(chosen)) return chosen;
  return pickLanguage(acceptedLanguages(req.headers['accept-language']), LANGS, 'fr');
}

export const subscriptionInvalid = (lang: Lang) => SUBSCRIPTION_INVALID[lang];
