import { wordsOf } from '../../lib/words';

/** The notification history's words (fr en de nl it es pt), in this screen's chunk (issue 32). */
const WORDS = {
  empty: [
    "Vous n'avez encore reçu aucune notification.",
    'You have not received any notifications yet.',
    'Sie haben noch keine Mitteilungen erhalten.',
    'U hebt nog geen meldingen ontvangen.',
    'Non hai ancora ricevuto notifiche.',
    'Todavía no has recibido ninguna notificación.',
    'Ainda não recebeu nenhuma notificação.',
  ],
  signIn: [
    'Connectez-vous pour retrouver les notifications reçues.',
    'Sign in to see the notifications you received.',
    'Melden Sie sich an, um Ihre erhaltenen Mitteilungen zu sehen.',
    'Log in om uw ontvangen meldingen te bekijken.',
    'Accedi per vedere le notifiche ricevute.',
    'Inicia sesión para ver las notificaciones recibidas.',
    'Inicie sessão para ver as notificações recebidas.',
  ],
  more: ['Voir les plus anciennes', 'Show older ones', 'Ältere anzeigen', 'Oudere tonen', 'Mostra le precedenti', 'Ver las anteriores', 'Ver as anteriores'],
} as const;

export const nw = wordsOf(WORDS);
