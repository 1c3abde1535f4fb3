import type { Lang } from '@campsite/shared';

/**
 * The words of unsubscribing from campaigns (issue 20): the link every campaign mail carries (render.ts)
 * and the small page it opens (modules/emails/unsubscribe.service.ts).
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
