/**
 * Imports that keep the good rows (issue 20): the sentences the spec does not give (ours). The spec's own
 * (002 §8: 'Impossible d'importer un fichier csv', '{n} réservations ne sont pas passées : {list}', the
 * parse error of domain/csv.ts) stay in people.ts.
 */
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

export const IMP = {
  plural,
  /** a file none of whose rows could be read: the import changes nothing */
  noUsableRow: (label: string) => `Aucune ligne du fichier ${label} n'a pu être lue : rien n'a été importé.`,
  /** more refused rows than the import lists one by one */
  refusedMore: (listed: number, total: number) =>
    `${plural(total, 'ligne refusée', 'lignes refusées')} : les ${listed.toLocaleString('fr-FR')} premières sont détaillées et téléchargeables.`,
  /** the refused rows' CSV of an import that has none */
  noRefusedRow: "Cet import n'a pas de ligne refusée à télécharger.",
  /** the client_ids of a search */
  tooManyClients: (max: number) => `Trop de clients sélectionnés : ${max.toLocaleString('fr-FR')} au plus.`,
};
