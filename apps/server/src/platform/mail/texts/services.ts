import type { MailTexts } from '../catalog.types';

/**
 * A booking confirmed (ours: the spec has no such mail): what, when and where, the appointment attached
 * as an .ics. Slots: {what} (the benefit or the service), {when} (written in the mail's language), {where}.
 */
export const BOOKING_MAIL: MailTexts = {
  fr: {
    subject: 'Votre réservation est confirmée : {what}',
    body: "<p>Bonjour #prenom,</p><p>Votre réservation est enregistrée :</p><p><strong>{what}</strong><br>{when}[[<br>Lieu : {where}]]</p><p>Le rendez-vous est joint à ce message : ouvrez-le pour l'ajouter à votre agenda.</p>",
  },
  en: {
    subject: 'Your booking is confirmed: {what}',
    body: '<p>Hello #prenom,</p><p>Your booking is saved:</p><p><strong>{what}</strong><br>{when}[[<br>Place : {where}]]</p><p>The appointment is attached to this message: open it to add it to your calendar.</p>',
  },
  de: {
    subject: 'Ihre Reservierung ist bestätigt: {what}',
    body: '<p>Hallo #prenom,</p><p>Ihre Reservierung ist gespeichert:</p><p><strong>{what}</strong><br>{when}[[<br>Ort : {where}]]</p><p>Der Termin ist dieser Nachricht beigefügt: Öffnen Sie ihn, um ihn Ihrem Kalender hinzuzufügen.</p>',
  },
  nl: {
    subject: 'Uw reservering is bevestigd: {what}',
    body: '<p>Hallo #prenom,</p><p>Uw reservering is opgeslagen:</p><p><strong>{what}</strong><br>{when}[[<br>Plaats : {where}]]</p><p>De afspraak zit als bijlage bij dit bericht: open hem om hem aan uw agenda toe te voegen.</p>',
  },
  it: {
    subject: 'La sua prenotazione è confermata: {what}',
    body: "<p>Gentile #prenom,</p><p>La sua prenotazione è registrata:</p><p><strong>{what}</strong><br>{when}[[<br>Luogo : {where}]]</p><p>L'appuntamento è allegato a questo messaggio: lo apra per aggiungerlo al suo calendario.</p>",
  },
  es: {
    subject: 'Su reserva está confirmada: {what}',
    body: '<p>Hola, #prenom:</p><p>Su reserva está registrada:</p><p><strong>{what}</strong><br>{when}[[<br>Lugar : {where}]]</p><p>La cita está adjunta a este mensaje: ábrala para añadirla a su calendario.</p>',
  },
  pt: {
    subject: 'A sua reserva está confirmada: {what}',
    body: '<p>Olá #prenom,</p><p>A sua reserva está registada:</p><p><strong>{what}</strong><br>{when}[[<br>Local : {where}]]</p><p>A marcação segue em anexo a esta mensagem: abra-a para a adicionar ao seu calendário.</p>',
  },
};
