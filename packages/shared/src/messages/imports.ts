/**
 * Imports that keep the good rows (issue 20): the sentences the spec does not give (ours). The spec's own
 * (002 §8: 'Impossible d'importer un fichier csv', '{n} réservations ne sont pas passées : {list}', the
 * parse error of domain/csv.ts) stay in people.ts.
 */
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

export const IMPORTS = {
  plural,
  /** a file none of whose rows could be read: the import changes nothing */
  noUsableRow: (label: string) => `Aucune ligne du fichier ${label} n'a pu être lue : rien n'a été importé.`,
  /** more refused rows than the import lists one by one */
  refusedMore: (listed: number, total: number) =>
    `${plural(total, 'ligne refusée', 'lignes refusées')} : les ${listed.toLocaleString('fr-FR')} premières sont détaillées et téléchargeables.`,
  /** the spec's partial failure '{n} réservations ne sont pas passées : {list}', in the singular for one */
  reservationsFailed: (n: number, list: string) =>
    n > 1 ? `${n.toLocaleString('fr-FR')} réservations ne sont pas passées : ${list}` : `${n} réservation n'est pas passée : ${list}`,
  /** the result box of an import that kept its good rows */
  partlyImported: 'Import terminé : les lignes lisibles sont importées, les autres sont refusées.',
  refusedTitle: 'Lignes refusées',
  downloadRefused: 'Télécharger les lignes refusées (CSV)',
  downloadRefusedOf: (file: string) => `Télécharger les lignes refusées de « ${file} » (CSV)`,
  /** the preview of a file before importing */
  previewTitle: (file: string) => `Aperçu de « ${file} »`,
  previewReading: 'Lecture du fichier…',
  previewCounts: (readable: number, refused: number) =>
    `${plural(readable, 'ligne sera importée', 'lignes seront importées')}, ${plural(refused, 'ligne sera refusée', 'lignes seront refusées')}`,
  previewColumns: 'Colonnes reconnues',
  previewIgnored: 'ignorée',
  previewFirstRows: 'Premières lignes telles qu’elles seront lues',
  previewFailed: "Impossible de lire ce fichier pour l'aperçu",
  /** the refused rows' CSV of an import that has none */
  noRefusedRow: "Cet import n'a pas de ligne refusée à télécharger.",
  /** the client_ids of a search */
  tooManyClients: (max: number) => `Trop de clients sélectionnés : ${max.toLocaleString('fr-FR')} au plus.`,
};
