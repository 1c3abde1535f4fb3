import type { InventoryStatus, Lang } from '@campsite/shared';
import { INVENTORIES } from '@campsite/shared';

// The report's words (issue 32): French for staff (the establishment's document, the claim sent to
// Swikly), the guest's language in the mail the guest receives. Order: fr en de nl it es pt.

type Seven = readonly [string, string, string, string, string, string, string];
const ORDER: readonly Lang[] = ['fr', 'en', 'de', 'nl', 'it', 'es', 'pt'];

const WORDS = {
  title: ["Rapport d'inventaire", 'Inventory report', 'Inventarbericht', 'Inventarisrapport', "Rapporto d'inventario", 'Informe de inventario', 'Relatório de inventário'],
  stayNo: ['séjour n°', 'stay no.', 'Aufenthalt Nr.', 'verblijf nr.', 'soggiorno n.', 'estancia n.º', 'estadia n.º'],
  stay: ['Séjour', 'Stay', 'Aufenthalt', 'Verblijf', 'Soggiorno', 'Estancia', 'Estadia'],
  client: ['Client', 'Guest', 'Gast', 'Gast', 'Ospite', 'Cliente', 'Cliente'],
  clientNo: ['n°', 'no.', 'Nr.', 'nr.', 'n.', 'n.º', 'n.º'],
  email: ['E-mail', 'Email', 'E-Mail', 'E-mail', 'E-mail', 'Correo electrónico', 'E-mail'],
  location: ['Emplacement', 'Pitch', 'Stellplatz', 'Standplaats', 'Piazzola', 'Parcela', 'Lugar'],
  accommodation: ['Hébergement', 'Accommodation', 'Unterkunft', 'Accommodatie', 'Alloggio', 'Alojamiento', 'Alojamento'],
  dates: ['Dates', 'Dates', 'Daten', 'Data', 'Date', 'Fechas', 'Datas'],
  from: ['du', 'from', 'vom', 'van', 'dal', 'del', 'de'],
  to: ['au', 'to', 'bis', 'tot', 'al', 'al', 'a'],
  arrival: [INVENTORIES.arrivalTab, 'Arrival inventory', 'Inventar bei Ankunft', 'Inventaris bij aankomst', "Inventario d'arrivo", 'Inventario de llegada', 'Inventário de chegada'],
  departure: [INVENTORIES.departureTab, 'Departure inventory', 'Inventar bei Abreise', 'Inventaris bij vertrek', 'Inventario di partenza', 'Inventario de salida', 'Inventário de partida'],
  doneBy: [INVENTORIES.doneBy, 'Done by', 'Erstellt von', 'Gedaan door', 'Eseguito da', 'Realizado por', 'Realizado por'],
  on: ['le', 'on', 'am', 'op', 'il', 'el', 'em'],
  confirmedBy: ['confirmé par', 'confirmed by', 'bestätigt von', 'bevestigd door', 'confermato da', 'confirmado por', 'confirmado por'],
  staff: ["l'établissement", 'the campsite', 'der Campingplatz', 'de camping', 'il campeggio', 'el camping', 'o parque'],
  supplies: ['Fournitures', 'Items', 'Ausstattung', 'Uitrusting', 'Dotazioni', 'Equipamiento', 'Equipamento'],
  expected: ['Attendu', 'Expected', 'Erwartet', 'Verwacht', 'Previsto', 'Previsto', 'Previsto'],
  in: ['Entrée', 'Arrival', 'Ankunft', 'Aankomst', 'Arrivo', 'Llegada', 'Chegada'],
  out: ['Sortie', 'Departure', 'Abreise', 'Vertrek', 'Partenza', 'Salida', 'Partida'],
  unitPrice: ['Prix unitaire', 'Unit price', 'Stückpreis', 'Prijs per stuk', 'Prezzo unitario', 'Precio unitario', 'Preço unitário'],
  missing: ['Manquant', 'Missing', 'Fehlend', 'Ontbrekend', 'Mancante', 'Faltante', 'Em falta'],
  roomState: ['État des lieux', 'Condition', 'Zustand', 'Staat', 'Stato', 'Estado', 'Estado'],
  cleanIn: ['Propreté entrée', 'Cleanliness (arrival)', 'Sauberkeit (Ankunft)', 'Netheid (aankomst)', 'Pulizia (arrivo)', 'Limpieza (llegada)', 'Limpeza (chegada)'],
  cleanOut: ['Propreté sortie', 'Cleanliness (departure)', 'Sauberkeit (Abreise)', 'Netheid (vertrek)', 'Pulizia (partenza)', 'Limpieza (salida)', 'Limpeza (partida)'],
  stateIn: ['État entrée', 'Condition (arrival)', 'Zustand (Ankunft)', 'Staat (aankomst)', 'Stato (arrivo)', 'Estado (llegada)', 'Estado (chegada)'],
  stateOut: ['État sortie', 'Condition (departure)', 'Zustand (Abreise)', 'Staat (vertrek)', 'Stato (partenza)', 'Estado (salida)', 'Estado (partida)'],
  difference: ['Différence chiffrée', 'Priced difference', 'Bewertete Differenz', 'Geprijsd verschil', 'Differenza valorizzata', 'Diferencia valorada', 'Diferença valorizada'],
  noDifference: [
    "Pas d'inventaire de sortie pour le moment.",
    'No departure inventory yet.',
    'Noch kein Inventar bei Abreise.',
    'Nog geen inventaris bij vertrek.',
    'Nessun inventario di partenza per il momento.',
    'Todavía no hay inventario de salida.',
    'Ainda não há inventário de partida.',
  ],
  item: ['Objet', 'Item', 'Gegenstand', 'Voorwerp', 'Oggetto', 'Objeto', 'Objeto'],
  amount: ['Montant', 'Amount', 'Betrag', 'Bedrag', 'Importo', 'Importe', 'Montante'],
  total: ['Total', 'Total', 'Summe', 'Totaal', 'Totale', 'Total', 'Total'],
  comments: ['Commentaires', 'Comments', 'Kommentare', 'Opmerkingen', 'Commenti', 'Comentarios', 'Comentários'],
  photos: ['Photos', 'Photos', 'Fotos', "Foto's", 'Foto', 'Fotos', 'Fotos'],
  uncompleted: [INVENTORIES.status.uncompleted, 'Not finished', 'Nicht abgeschlossen', 'Niet klaar', 'Non terminato', 'Sin terminar', 'Por terminar'],
  completed: [INVENTORIES.status.completed, 'As expected', 'Vollständig', 'In orde', 'Conforme', 'Conforme', 'Conforme'],
  warning: [INVENTORIES.status.warning, 'Differences reported', 'Abweichungen gemeldet', 'Afwijkingen gemeld', 'Differenze segnalate', 'Diferencias señaladas', 'Diferenças assinaladas'],
  infos: [INVENTORIES.status.infos, 'To note', 'Zu beachten', 'Let op', 'Da notare', 'A tener en cuenta', 'A ter em conta'],
  error: [INVENTORIES.status.error, 'Missing items', 'Fehlende Gegenstände', 'Ontbrekende voorwerpen', 'Oggetti mancanti', 'Objetos que faltan', 'Objetos em falta'],
} satisfies Record<string, Seven>;

export type ReportWord = keyof typeof WORDS;
export type ReportWords = Record<ReportWord, string> & { status(s: InventoryStatus): string; locale: string };

const LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB', de: 'de-DE', nl: 'nl-NL', it: 'it-IT', es: 'es-ES', pt: 'pt-PT' };

/** The report's words in `lang` (French for any other). */
export function reportWords(lang: Lang = 'fr'): ReportWords {
  const i = Math.max(0, ORDER.indexOf(lang));
  const words = Object.fromEntries(Object.entries(WORDS).map(([k, v]) => [k, v[i]])) as Record<ReportWord, string>;
  return { ...words, status: (s) => words[s], locale: LOCALES[ORDER[i]] };
}

/** For tests: every word in every language. */
export const ALL_REPORT_WORDS = WORDS;
