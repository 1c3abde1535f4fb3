import type { Lang } from '@campsite/shared/i18n/languages';
import { wordsOf, type WordTable } from './words';

/**
 * The review questionnaire's words (the guest app's own: the questions are the establishment's), in
 * fr en de nl it es pt; `{n}` and `{site}` are filled in by `rw`.
 */
const WORDS = {
  title: ['Votre avis', 'Your review', 'Ihre Bewertung', 'Uw beoordeling', 'La tua opinione', 'Tu opinión', 'A sua opinião'],
  giveReview: ['Donner mon avis sur le séjour', 'Review my stay', 'Meinen Aufenthalt bewerten', 'Mijn verblijf beoordelen', 'Valuta il mio soggiorno', 'Valorar mi estancia', 'Avaliar a minha estadia'],
  mandatory: [' (obligatoire)', ' (required)', ' (Pflichtfeld)', ' (verplicht)', ' (obbligatorio)', ' (obligatorio)', ' (obrigatório)'],
  outOf5: ['{n} sur 5', '{n} out of 5', '{n} von 5', '{n} van 5', '{n} su 5', '{n} de 5', '{n} de 5'],
  answer: ['Répondez à cette question.', 'Please answer this question.', 'Bitte beantworten Sie diese Frage.', 'Beantwoord deze vraag.', 'Rispondi a questa domanda.', 'Responde a esta pregunta.', 'Responda a esta pergunta.'],
  missing: [
    'Il manque une ou plusieurs réponses obligatoires.',
    'One or more required answers are missing.',
    'Eine oder mehrere Pflichtantworten fehlen.',
    'Er ontbreken een of meer verplichte antwoorden.',
    'Mancano una o più risposte obbligatorie.',
    'Faltan una o varias respuestas obligatorias.',
    'Faltam uma ou mais respostas obrigatórias.',
  ],
  send: ['Envoyer mon avis', 'Send my review', 'Bewertung senden', 'Beoordeling versturen', 'Invia la mia opinione', 'Enviar mi opinión', 'Enviar a minha opinião'],
  thanks: ['Merci pour votre avis !', 'Thank you for your review!', 'Vielen Dank für Ihre Bewertung!', 'Bedankt voor uw beoordeling!', 'Grazie per la tua opinione!', '¡Gracias por tu opinión!', 'Obrigado pela sua opinião!'],
  thanksGood: [
    'Nous sommes ravis que votre séjour vous ait plu. Partageriez-vous votre expérience avec les futurs vacanciers ?',
    'We are delighted you enjoyed your stay. Would you share your experience with future guests?',
    'Wir freuen uns, dass Ihnen Ihr Aufenthalt gefallen hat. Möchten Sie Ihre Erfahrung mit künftigen Gästen teilen?',
    'Fijn dat u van uw verblijf hebt genoten. Wilt u uw ervaring delen met toekomstige gasten?',
    'Siamo felici che il soggiorno ti sia piaciuto. Vuoi condividere la tua esperienza con i futuri ospiti?',
    'Nos alegra que hayas disfrutado de tu estancia. ¿Compartirías tu experiencia con los próximos huéspedes?',
    'Ficamos muito contentes por ter gostado da sua estadia. Partilharia a sua experiência com os próximos hóspedes?',
  ],
  thanksMixed: [
    'Merci pour votre franchise : vos remarques nous aident à nous améliorer. Vous pouvez aussi publier votre avis en ligne.',
    'Thank you for your honesty: your comments help us improve. You can also post your review online.',
    'Danke für Ihre Offenheit: Ihre Hinweise helfen uns, besser zu werden. Sie können Ihre Bewertung auch online veröffentlichen.',
    'Bedankt voor uw eerlijkheid: uw opmerkingen helpen ons beter te worden. U kunt uw beoordeling ook online plaatsen.',
    'Grazie per la sincerità: i tuoi commenti ci aiutano a migliorare. Puoi anche pubblicare la tua opinione online.',
    'Gracias por tu sinceridad: tus comentarios nos ayudan a mejorar. También puedes publicar tu opinión en internet.',
    'Obrigado pela sua franqueza: os seus comentários ajudam-nos a melhorar. Também pode publicar a sua opinião online.',
  ],
  thanksShare: [
    'Vous pouvez aussi partager votre expérience avec les futurs vacanciers.',
    'You can also share your experience with future guests.',
    'Sie können Ihre Erfahrung auch mit künftigen Gästen teilen.',
    'U kunt uw ervaring ook delen met toekomstige gasten.',
    'Puoi anche condividere la tua esperienza con i futuri ospiti.',
    'También puedes compartir tu experiencia con los próximos huéspedes.',
    'Também pode partilhar a sua experiência com os próximos hóspedes.',
  ],
  publicLink: ['Publier un avis sur {site}', 'Post a review on {site}', 'Bewertung auf {site} schreiben', 'Beoordeling plaatsen op {site}', 'Pubblica una recensione su {site}', 'Publicar una opinión en {site}', 'Publicar uma opinião em {site}'],
  already: [
    'Vous avez déjà répondu à ce questionnaire. Merci encore pour votre avis !',
    'You have already answered this questionnaire. Thank you again for your review!',
    'Sie haben diesen Fragebogen bereits beantwortet. Nochmals vielen Dank für Ihre Bewertung!',
    'U hebt deze vragenlijst al ingevuld. Nogmaals bedankt voor uw beoordeling!',
    'Hai già risposto a questo questionario. Grazie ancora per la tua opinione!',
    'Ya has respondido a este cuestionario. ¡Gracias de nuevo por tu opinión!',
    'Já respondeu a este questionário. Obrigado mais uma vez pela sua opinião!',
  ],
  expired: [
    "Ce lien n'est plus valable. Connectez-vous à votre compte pour donner votre avis.",
    'This link is no longer valid. Sign in to your account to give your review.',
    'Dieser Link ist nicht mehr gültig. Melden Sie sich in Ihrem Konto an, um Ihre Bewertung abzugeben.',
    'Deze link is niet meer geldig. Log in op uw account om uw beoordeling te geven.',
    'Questo link non è più valido. Accedi al tuo account per dare la tua opinione.',
    'Este enlace ya no es válido. Inicia sesión en tu cuenta para dar tu opinión.',
    'Esta ligação já não é válida. Inicie sessão na sua conta para dar a sua opinião.',
  ],
  none: [
    "Aucun questionnaire à remplir pour le moment.",
    'No questionnaire to answer for now.',
    'Derzeit ist kein Fragebogen auszufüllen.',
    'Er is nu geen vragenlijst in te vullen.',
    'Nessun questionario da compilare per ora.',
    'No hay ningún cuestionario que responder por ahora.',
    'Não há nenhum questionário para responder por agora.',
  ],
  signIn: [
    'Connectez-vous pour donner votre avis.',
    'Sign in to give your review.',
    'Melden Sie sich an, um Ihre Bewertung abzugeben.',
    'Log in om uw beoordeling te geven.',
    'Accedi per dare la tua opinione.',
    'Inicia sesión para dar tu opinión.',
    'Inicie sessão para dar a sua opinião.',
  ],
  closed: [
    "Ce questionnaire n'est plus proposé. Merci de votre intérêt !",
    'This questionnaire is no longer offered. Thank you for your interest!',
    'Dieser Fragebogen wird nicht mehr angeboten. Vielen Dank für Ihr Interesse!',
    'Deze vragenlijst wordt niet meer aangeboden. Bedankt voor uw interesse!',
    'Questo questionario non è più disponibile. Grazie per il tuo interesse!',
    'Este cuestionario ya no está disponible. ¡Gracias por tu interés!',
    'Este questionário já não está disponível. Obrigado pelo seu interesse!',
  ],
  test: [
    'Lien de test : vos réponses sont vérifiées mais ne sont pas enregistrées.',
    'Test link: your answers are checked but not recorded.',
    'Testlink: Ihre Antworten werden geprüft, aber nicht gespeichert.',
    'Testlink: uw antwoorden worden gecontroleerd maar niet opgeslagen.',
    'Link di prova: le risposte vengono verificate ma non registrate.',
    'Enlace de prueba: tus respuestas se comprueban pero no se guardan.',
    'Ligação de teste: as suas respostas são verificadas mas não ficam registadas.',
  ],
  home: ["Retour à l'accueil", 'Back to the home page', 'Zurück zur Startseite', 'Terug naar de startpagina', 'Torna alla home', 'Volver al inicio', 'Voltar ao início'],
} as const satisfies WordTable;

export type ReviewWord = keyof typeof WORDS;
const plain = wordsOf(WORDS);

/** A word in the guest's language (English when missing), with its `{n}` / `{site}` filled in. */
export function rw(lang: Lang, key: ReviewWord, fill: { n?: number; site?: string } = {}): string {
  const text = plain(lang, key);
  return text.replace('{n}', String(fill.n ?? '')).replace('{site}', fill.site ?? '');
}

/** For tests: every word in every language. */
export const ALL_REVIEW_WORDS = WORDS;
