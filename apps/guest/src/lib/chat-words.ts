import type { Lang } from '@campsite/shared/i18n/languages';
import { wordsOf } from './words';
import { dayTimeLabel } from './agenda';

/** The messages screen's words, in fr en de nl it es pt (the subjects are 002 §2's, translated). */
const WORDS = {
  title: ['Messages', 'Messages', 'Nachrichten', 'Berichten', 'Messaggi', 'Mensajes', 'Mensagens'],
  intro: [
    "Une question, un souci ? Écrivez à l'équipe du camping, elle vous répond ici.",
    'A question or a problem? Write to the campsite team; they answer you here.',
    'Eine Frage, ein Problem? Schreiben Sie dem Team des Campingplatzes, es antwortet Ihnen hier.',
    'Een vraag of een probleem? Schrijf het team van de camping; het antwoordt u hier.',
    'Una domanda, un problema? Scriva allo staff del campeggio, le risponderà qui.',
    '¿Una pregunta, un problema? Escriba al equipo del camping; le responderá aquí.',
    'Uma pergunta, um problema? Escreva à equipa do parque; ela responde-lhe aqui.',
  ],
  newMessage: ['Nouveau message', 'New message', 'Neue Nachricht', 'Nieuw bericht', 'Nuovo messaggio', 'Nuevo mensaje', 'Nova mensagem'],
  subject: ['Sujet', 'Subject', 'Betreff', 'Onderwerp', 'Oggetto', 'Asunto', 'Assunto'],
  intervention: ["Demande d'intervention", 'Maintenance request', 'Reparaturanfrage', 'Verzoek om reparatie', 'Richiesta di intervento', 'Solicitud de intervención', 'Pedido de intervenção'],
  gas: ['Bouteille de gaz', 'Gas bottle', 'Gasflasche', 'Gasfles', 'Bombola del gas', 'Bombona de gas', 'Botija de gás'],
  other: ['Autre', 'Other', 'Sonstiges', 'Overig', 'Altro', 'Otro', 'Outro'],
  message: ['Votre message', 'Your message', 'Ihre Nachricht', 'Uw bericht', 'Il suo messaggio', 'Su mensaje', 'A sua mensagem'],
  photo: ['Ajouter une photo', 'Add a photo', 'Foto hinzufügen', 'Foto toevoegen', 'Aggiungi una foto', 'Añadir una foto', 'Adicionar uma foto'],
  photoChosen: ['Photo jointe', 'Photo attached', 'Foto angehängt', 'Foto toegevoegd', 'Foto allegata', 'Foto adjunta', 'Foto anexada'],
  removePhoto: ['Retirer la photo', 'Remove the photo', 'Foto entfernen', 'Foto verwijderen', 'Rimuovi la foto', 'Quitar la foto', 'Remover a foto'],
  send: ['Envoyer', 'Send', 'Senden', 'Versturen', 'Invia', 'Enviar', 'Enviar'],
  sending: ['Envoi…', 'Sending…', 'Wird gesendet…', 'Verzenden…', 'Invio…', 'Enviando…', 'A enviar…'],
  cancel: ['Annuler', 'Cancel', 'Abbrechen', 'Annuleren', 'Annulla', 'Cancelar', 'Cancelar'],
  back: ['Mes messages', 'My messages', 'Meine Nachrichten', 'Mijn berichten', 'I miei messaggi', 'Mis mensajes', 'As minhas mensagens'],
  none: ["Vous n'avez pas encore écrit au camping.", "You haven't written to the campsite yet.", 'Sie haben dem Campingplatz noch nicht geschrieben.', 'U heeft de camping nog niet geschreven.', 'Non ha ancora scritto al campeggio.', 'Todavía no ha escrito al camping.', 'Ainda não escreveu ao parque.'],
  gone: [
    'Cette conversation est introuvable.',
    'This conversation cannot be found.',
    'Diese Unterhaltung wurde nicht gefunden.',
    'Dit gesprek is niet gevonden.',
    'Questa conversazione non è stata trovata.',
    'No se encuentra esta conversación.',
    'Esta conversa não foi encontrada.',
  ],
  signIn: ['Connectez-vous pour écrire au camping.', 'Sign in to write to the campsite.', 'Melden Sie sich an, um dem Campingplatz zu schreiben.', 'Log in om de camping te schrijven.', 'Acceda per scrivere al campeggio.', 'Inicie sesión para escribir al camping.', 'Inicie sessão para escrever ao parque.'],
  account: ['Mon compte', 'My account', 'Mein Konto', 'Mijn account', 'Il mio account', 'Mi cuenta', 'A minha conta'],
  staff: ['Le camping', 'The campsite', 'Der Campingplatz', 'De camping', 'Il campeggio', 'El camping', 'O parque'],
  you: ['Vous', 'You', 'Sie', 'U', 'Lei', 'Usted', 'Você'],
  unread: ['Nouveau', 'New', 'Neu', 'Nieuw', 'Nuovo', 'Nuevo', 'Novo'],
  closed: ['Conversation fermée', 'Conversation closed', 'Unterhaltung geschlossen', 'Gesprek gesloten', 'Conversazione chiusa', 'Conversación cerrada', 'Conversa encerrada'],
  reopened: ['Conversation rouverte', 'Conversation reopened', 'Unterhaltung wieder geöffnet', 'Gesprek heropend', 'Conversazione riaperta', 'Conversación reabierta', 'Conversa reaberta'],
  closedNote: [
    "Cette conversation est fermée. Écrivez si besoin : elle sera rouverte.",
    'This conversation is closed. Write if needed: it will be reopened.',
    'Diese Unterhaltung ist geschlossen. Schreiben Sie bei Bedarf: Sie wird wieder geöffnet.',
    'Dit gesprek is gesloten. Schrijf indien nodig: het wordt heropend.',
    'Questa conversazione è chiusa. Scriva se necessario: verrà riaperta.',
    'Esta conversación está cerrada. Escriba si lo necesita: se reabrirá.',
    'Esta conversa está encerrada. Escreva se precisar: será reaberta.',
  ],
  required: ['Écrivez votre message.', 'Write your message.', 'Schreiben Sie Ihre Nachricht.', 'Schrijf uw bericht.', 'Scriva il suo messaggio.', 'Escriba su mensaje.', 'Escreva a sua mensagem.'],
  photoFormat: ['La photo doit être au format JPEG ou PNG.', 'The photo must be a JPEG or PNG.', 'Das Foto muss ein JPEG oder PNG sein.', 'De foto moet een JPEG of PNG zijn.', 'La foto deve essere in formato JPEG o PNG.', 'La foto debe estar en formato JPEG o PNG.', 'A foto deve estar em formato JPEG ou PNG.'],
  pickSubject: ['Choisissez un sujet.', 'Choose a subject.', 'Wählen Sie einen Betreff.', 'Kies een onderwerp.', 'Scelga un oggetto.', 'Elija un asunto.', 'Escolha um assunto.'],
  failed: ["Le message n'a pas pu être envoyé. Réessayez.", 'The message could not be sent. Try again.', 'Die Nachricht konnte nicht gesendet werden. Versuchen Sie es erneut.', 'Het bericht kon niet worden verzonden. Probeer het opnieuw.', 'Non è stato possibile inviare il messaggio. Riprovi.', 'No se pudo enviar el mensaje. Inténtelo de nuevo.', 'Não foi possível enviar a mensagem. Tente novamente.'],
  machine: ['Traduction automatique', 'Machine translation', 'Maschinelle Übersetzung', 'Automatische vertaling', 'Traduzione automatica', 'Traducción automática', 'Tradução automática'],
  showOriginal: ["Voir l'original", 'Show the original', 'Original anzeigen', 'Origineel tonen', "Mostra l'originale", 'Ver el original', 'Ver o original'],
  showTranslation: ['Voir la traduction', 'Show the translation', 'Übersetzung anzeigen', 'Vertaling tonen', 'Mostra la traduzione', 'Ver la traducción', 'Ver a tradução'],
  reconnecting: ['Reconnexion…', 'Reconnecting…', 'Verbindung wird wiederhergestellt…', 'Opnieuw verbinden…', 'Riconnessione…', 'Reconectando…', 'A religar…'],
} as const;

export type ChatWord = keyof typeof WORDS;

export const cw = wordsOf(WORDS);

/** For tests: every word in every language. */
export const ALL_CHAT_WORDS = WORDS;

/** A message's day and time in the guest's language, the phone's conventions and the establishment's zone ('12 juil., 14:05'). */
export const when = (t: number, lang: Lang, tz: string) => dayTimeLabel(t, lang, tz);
