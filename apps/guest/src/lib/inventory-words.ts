import { wordsOf } from './words';

/** The inventory screen's words, in fr en de nl it es pt. */
const WORDS = {
  title: ['Mon inventaire', 'My inventory', 'Mein Inventar', 'Mijn inventaris', 'Il mio inventario', 'Mi inventario', 'O meu inventário'],
  arrival: ["Inventaire d'arrivée", 'Arrival inventory', 'Inventar bei Ankunft', 'Inventaris bij aankomst', "Inventario d'arrivo", 'Inventario de llegada', 'Inventário de chegada'],
  departure: ['Inventaire de départ', 'Departure inventory', 'Inventar bei Abreise', 'Inventaris bij vertrek', 'Inventario di partenza', 'Inventario de salida', 'Inventário de partida'],
  expected: ['prévu', 'expected', 'erwartet', 'verwacht', 'previsto', 'previsto', 'previsto'],
  cleanliness: ['Propreté', 'Cleanliness', 'Sauberkeit', 'Netheid', 'Pulizia', 'Limpieza', 'Limpeza'],
  condition: ['État général', 'Condition', 'Allgemeiner Zustand', 'Algemene staat', 'Stato generale', 'Estado general', 'Estado geral'],
  stars: ['sur 5', 'out of 5', 'von 5', 'van 5', 'su 5', 'de 5', 'de 5'],
  save: ['Enregistrer', 'Save', 'Speichern', 'Opslaan', 'Salva', 'Guardar', 'Guardar'],
  saved: ['Enregistré', 'Saved', 'Gespeichert', 'Opgeslagen', 'Salvato', 'Guardado', 'Guardado'],
  photo: ['Ajouter une photo', 'Add a photo', 'Foto hinzufügen', 'Foto toevoegen', 'Aggiungi una foto', 'Añadir una foto', 'Adicionar uma foto'],
  photos: ['Photos', 'Photos', 'Fotos', "Foto's", 'Foto', 'Fotos', 'Fotos'],
  comment: ['Votre commentaire', 'Your comment', 'Ihr Kommentar', 'Uw opmerking', 'Il tuo commento', 'Tu comentario', 'O seu comentário'],
  send: ['Envoyer', 'Send', 'Senden', 'Versturen', 'Invia', 'Enviar', 'Enviar'],
  comments: ['Commentaires', 'Comments', 'Kommentare', 'Opmerkingen', 'Commenti', 'Comentarios', 'Comentários'],
  confirm: [
    'Je confirme cet inventaire',
    'I confirm this inventory',
    'Ich bestätige dieses Inventar',
    'Ik bevestig deze inventaris',
    'Confermo questo inventario',
    'Confirmo este inventario',
    'Confirmo este inventário',
  ],
  confirmQuestion: [
    "Une fois confirmé, cet inventaire d'arrivée ne pourra plus être modifié : il servira de référence à votre départ. Le confirmer ?",
    'Once confirmed, this arrival inventory can no longer be changed: it will be the reference at your departure. Confirm it?',
    'Nach der Bestätigung kann dieses Ankunftsinventar nicht mehr geändert werden: Es dient bei Ihrer Abreise als Referenz. Bestätigen?',
    'Na bevestiging kan deze aankomstinventaris niet meer worden gewijzigd: hij geldt als referentie bij uw vertrek. Bevestigen?',
    "Una volta confermato, questo inventario d'arrivo non potrà più essere modificato: servirà da riferimento alla partenza. Confermarlo?",
    'Una vez confirmado, este inventario de llegada ya no se podrá modificar: servirá de referencia a su salida. ¿Confirmarlo?',
    'Depois de confirmado, este inventário de chegada já não poderá ser alterado: servirá de referência na sua partida. Confirmar?',
  ],
  confirmYes: ['Oui, je confirme', 'Yes, confirm', 'Ja, bestätigen', 'Ja, bevestigen', 'Sì, confermo', 'Sí, confirmo', 'Sim, confirmo'],
  cancel: ['Annuler', 'Cancel', 'Abbrechen', 'Annuleren', 'Annulla', 'Cancelar', 'Cancelar'],
  confirmed: [
    'Vous avez confirmé cet inventaire.',
    'You confirmed this inventory.',
    'Sie haben dieses Inventar bestätigt.',
    'U hebt deze inventaris bevestigd.',
    'Hai confermato questo inventario.',
    'Has confirmado este inventario.',
    'Confirmou este inventário.',
  ],
  countAll: [
    'Indiquez le nombre de chaque objet avant de confirmer.',
    'Enter the number of each item before confirming.',
    'Geben Sie vor dem Bestätigen die Anzahl jedes Gegenstands an.',
    'Vul het aantal van elk voorwerp in voordat u bevestigt.',
    'Indica il numero di ogni oggetto prima di confermare.',
    'Indica el número de cada objeto antes de confirmar.',
    'Indique o número de cada objeto antes de confirmar.',
  ],
  closed: [
    "Cet inventaire n'est pas ouvert en ce moment.",
    'This inventory is not open right now.',
    'Dieses Inventar ist gerade nicht geöffnet.',
    'Deze inventaris is nu niet open.',
    'Questo inventario non è aperto al momento.',
    'Este inventario no está abierto ahora.',
    'Este inventário não está aberto neste momento.',
  ],
  until: ['À remplir avant le', 'To fill in before', 'Auszufüllen vor dem', 'In te vullen vóór', 'Da compilare entro il', 'A rellenar antes del', 'A preencher antes de'],
  none: [
    "Pas d'inventaire à remplir pour votre séjour.",
    'No inventory to fill in for your stay.',
    'Für Ihren Aufenthalt ist kein Inventar auszufüllen.',
    'Geen inventaris in te vullen voor uw verblijf.',
    'Nessun inventario da compilare per il tuo soggiorno.',
    'No hay inventario que rellenar para tu estancia.',
    'Não há inventário a preencher para a sua estadia.',
  ],
  signIn: [
    'Connectez-vous pour remplir votre inventaire.',
    'Sign in to fill in your inventory.',
    'Melden Sie sich an, um Ihr Inventar auszufüllen.',
    'Log in om uw inventaris in te vullen.',
    'Accedi per compilare il tuo inventario.',
    'Inicia sesión para rellenar tu inventario.',
    'Inicie sessão para preencher o seu inventário.',
  ],
  staff: ["L'établissement", 'The campsite', 'Der Campingplatz', 'De camping', 'Il campeggio', 'El camping', 'O parque'],
} as const;

export type InventoryWord = keyof typeof WORDS;

export const iw = wordsOf(WORDS);

/** For tests: every word in every language. */
export const ALL_INVENTORY_WORDS = WORDS;
