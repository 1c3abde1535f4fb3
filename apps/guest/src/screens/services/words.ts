import type { Lang } from '@campsite/shared/i18n/languages';
import { SERVICES_TITLE } from '@campsite/shared/client/first-screen';
import { wordsOf } from '../../lib/words';

/** The services screens' words (fr en de nl it es pt); `{n}` and `{date}` are filled in by `sw`. */
const WORDS = {
  services: SERVICES_TITLE,
  noServices: ['Aucun service pour le moment.', 'No services for now.', 'Derzeit keine Services.', 'Momenteel geen diensten.', 'Nessun servizio per ora.', 'No hay servicios por ahora.', 'Sem serviços por agora.'],
  free: ['Gratuit', 'Free', 'Kostenlos', 'Gratis', 'Gratuito', 'Gratis', 'Grátis'],
  duration: ['Durée', 'Duration', 'Dauer', 'Duur', 'Durata', 'Duración', 'Duração'],
  meetingPoint: ['Lieu de rendez-vous', 'Meeting point', 'Treffpunkt', 'Verzamelpunt', 'Punto di ritrovo', 'Punto de encuentro', 'Ponto de encontro'],
  slots: ['Créneaux disponibles', 'Available slots', 'Freie Termine', 'Beschikbare tijden', 'Orari disponibili', 'Horarios disponibles', 'Horários disponíveis'],
  noSlots: ['Aucun créneau disponible dans les prochains jours.', 'No slots available in the coming days.', 'In den nächsten Tagen sind keine Termine frei.', 'Geen beschikbare tijden in de komende dagen.', 'Nessun orario disponibile nei prossimi giorni.', 'No hay horarios disponibles en los próximos días.', 'Sem horários disponíveis nos próximos dias.'],
  placesLeft: ['{n} places restantes', '{n} places left', 'Noch {n} Plätze', 'Nog {n} plaatsen', 'Ancora {n} posti', 'Quedan {n} plazas', 'Restam {n} lugares'],
  placeLeft: ['1 place restante', '1 place left', 'Noch 1 Platz', 'Nog 1 plaats', 'Ancora 1 posto', 'Queda 1 plaza', 'Resta 1 lugar'],
  book: ['Réserver', 'Book', 'Buchen', 'Reserveren', 'Prenota', 'Reservar', 'Reservar'],
  bookAt: ['Réservation : {date}', 'Booking: {date}', 'Buchung: {date}', 'Reservering: {date}', 'Prenotazione: {date}', 'Reserva: {date}', 'Reserva: {date}'],
  confirm: ['Confirmer la réservation', 'Confirm the booking', 'Buchung bestätigen', 'Reservering bevestigen', 'Conferma la prenotazione', 'Confirmar la reserva', 'Confirmar a reserva'],
  changeSlot: ['Choisir un autre créneau', 'Choose another slot', 'Anderen Termin wählen', 'Ander tijdstip kiezen', 'Scegli un altro orario', 'Elegir otro horario', 'Escolher outro horário'],
  identity: ['Nom et prénom', 'Full name', 'Vor- und Nachname', 'Voor- en achternaam', 'Nome e cognome', 'Nombre y apellidos', 'Nome completo'],
  clientNumber: ['Numéro client', 'Customer number', 'Kundennummer', 'Klantnummer', 'Numero cliente', 'Número de cliente', 'Número de cliente'],
  age: ['Âge', 'Age', 'Alter', 'Leeftijd', 'Età', 'Edad', 'Idade'],
  phone: ['Téléphone', 'Phone', 'Telefon', 'Telefoon', 'Telefono', 'Teléfono', 'Telefone'],
  mandatory: [' (obligatoire)', ' (required)', ' (Pflichtfeld)', ' (verplicht)', ' (obbligatorio)', ' (obligatorio)', ' (obrigatório)'],
  wholeNumber: ['Veuillez saisir un nombre entier.', 'Please enter a whole number.', 'Bitte eine ganze Zahl eingeben.', 'Vul een geheel getal in.', 'Inserisci un numero intero.', 'Introduce un número entero.', 'Introduza um número inteiro.'],
  booked: [
    'Votre réservation est enregistrée. Un e-mail de confirmation vous a été envoyé.',
    'Your booking is confirmed. A confirmation e-mail is on its way.',
    'Ihre Buchung ist bestätigt. Eine Bestätigung wurde Ihnen per E-Mail gesendet.',
    'Uw reservering is bevestigd. U ontvangt een bevestiging per e-mail.',
    'La prenotazione è confermata. Ti abbiamo inviato un’e-mail di conferma.',
    'Tu reserva está confirmada. Te hemos enviado un correo de confirmación.',
    'A sua reserva está confirmada. Foi-lhe enviado um e-mail de confirmação.',
  ],
  comingBookings: ['À venir', 'Upcoming', 'Bevorstehend', 'Gepland', 'In programma', 'Próximas', 'Próximas'],
  pastBookings: ['Passées', 'Past', 'Vergangen', 'Afgelopen', 'Passate', 'Pasadas', 'Anteriores'],
  noBookings: ['Vous n’avez pas de réservation à venir.', 'You have no upcoming bookings.', 'Sie haben keine bevorstehenden Buchungen.', 'U heeft geen geplande reserveringen.', 'Non hai prenotazioni in programma.', 'No tienes reservas próximas.', 'Não tem reservas próximas.'],
  seeServices: ['Voir les services', 'See the services', 'Zu den Services', 'Bekijk de diensten', 'Vedi i servizi', 'Ver los servicios', 'Ver os serviços'],
  signInBookings: [
    'Connectez-vous pour voir vos réservations.',
    'Sign in to see your bookings.',
    'Melden Sie sich an, um Ihre Buchungen zu sehen.',
    'Log in om uw reserveringen te zien.',
    'Accedi per vedere le tue prenotazioni.',
    'Inicia sesión para ver tus reservas.',
    'Inicie sessão para ver as suas reservas.',
  ],
  cancel: ['Annuler la réservation', 'Cancel the booking', 'Buchung stornieren', 'Reservering annuleren', 'Annulla la prenotazione', 'Cancelar la reserva', 'Cancelar a reserva'],
  confirmCancel: ['Annuler cette réservation ?', 'Cancel this booking?', 'Diese Buchung stornieren?', 'Deze reservering annuleren?', 'Annullare questa prenotazione?', '¿Cancelar esta reserva?', 'Cancelar esta reserva?'],
  yes: ['Oui', 'Yes', 'Ja', 'Ja', 'Sì', 'Sí', 'Sim'],
  no: ['Non', 'No', 'Nein', 'Nee', 'No', 'No', 'Não'],
  cancelled: ['Votre réservation a été annulée.', 'Your booking has been cancelled.', 'Ihre Buchung wurde storniert.', 'Uw reservering is geannuleerd.', 'La prenotazione è stata annullata.', 'Tu reserva ha sido cancelada.', 'A sua reserva foi cancelada.'],
  cancelUntil: ['Annulable jusqu’au {date}', 'Can be cancelled until {date}', 'Stornierbar bis {date}', 'Annuleren kan tot {date}', 'Annullabile fino al {date}', 'Cancelable hasta el {date}', 'Cancelável até {date}'],
  signInToBook: ['Connectez-vous pour réserver.', 'Sign in to book.', 'Melden Sie sich an, um zu buchen.', 'Log in om te reserveren.', 'Accedi per prenotare.', 'Inicia sesión para reservar.', 'Inicie sessão para reservar.'],
  full: ['Ce créneau est complet. Choisissez-en un autre.', 'This slot is full. Please choose another one.', 'Dieser Termin ist ausgebucht. Bitte wählen Sie einen anderen.', 'Dit tijdstip is vol. Kies een ander.', 'Questo orario è al completo. Scegline un altro.', 'Este horario está completo. Elige otro.', 'Este horário está completo. Escolha outro.'],
  unavailable: ['Ce créneau n’est plus disponible.', 'This slot is no longer available.', 'Dieser Termin ist nicht mehr verfügbar.', 'Dit tijdstip is niet meer beschikbaar.', 'Questo orario non è più disponibile.', 'Este horario ya no está disponible.', 'Este horário já não está disponível.'],
  cutoff: ['Les réservations de ce créneau sont closes.', 'Bookings for this slot are closed.', 'Buchungen für diesen Termin sind geschlossen.', 'Reserveren voor dit tijdstip is gesloten.', 'Le prenotazioni per questo orario sono chiuse.', 'Las reservas de este horario están cerradas.', 'As reservas para este horário estão fechadas.'],
  notStaying: [
    'Vous pouvez réserver pour les jours de votre séjour, à partir de peu avant votre arrivée.',
    'You can book for the days of your stay, from shortly before your arrival.',
    'Sie können für die Tage Ihres Aufenthalts buchen, ab kurz vor Ihrer Anreise.',
    'U kunt reserveren voor de dagen van uw verblijf, vanaf kort voor uw aankomst.',
    'Puoi prenotare per i giorni del tuo soggiorno, a partire da poco prima del tuo arrivo.',
    'Puedes reservar para los días de tu estancia, a partir de poco antes de tu llegada.',
    'Pode reservar para os dias da sua estadia, a partir de pouco antes da sua chegada.',
  ],
  dayLimit: [
    'Vous avez atteint le nombre maximum de places pour ce service ce jour-là.',
    'You have reached the maximum number of places for this service on that day.',
    'Sie haben die Höchstzahl an Plätzen für diesen Service an diesem Tag erreicht.',
    'U heeft het maximale aantal plaatsen voor deze dienst op die dag bereikt.',
    'Hai raggiunto il numero massimo di posti per questo servizio in quel giorno.',
    'Has alcanzado el número máximo de plazas para este servicio ese día.',
    'Atingiu o número máximo de lugares para este serviço nesse dia.',
  ],
  products: ['Produits', 'Products', 'Produkte', 'Producten', 'Prodotti', 'Productos', 'Produtos'],
  inStock: ['{n} en stock', '{n} in stock', '{n} auf Lager', '{n} op voorraad', '{n} disponibili', '{n} en stock', '{n} em stock'],
  soldOut: ['Épuisé', 'Sold out', 'Ausverkauft', 'Uitverkocht', 'Esaurito', 'Agotado', 'Esgotado'],
  pay: ['Payer en ligne', 'Pay online', 'Online bezahlen', 'Online betalen', 'Paga online', 'Pagar en línea', 'Pagar online'],
} as const;

export type ServiceWord = keyof typeof WORDS;
const plain = wordsOf(WORDS);

/** A word in the guest's language (English when missing), with its `{n}` / `{date}` filled in. */
export function sw(lang: Lang, key: ServiceWord, fill: { n?: number; date?: string } = {}): string {
  const text = plain(lang, key);
  return text.replace('{n}', String(fill.n ?? '')).replace('{date}', fill.date ?? '');
}

export const ALL_SERVICE_WORDS = WORDS;
