/**
 * The dashboard's global search in the top bar (issue 33, docs/search.md). The spec has no such field: every
 * sentence here is ours.
 */
export const SEARCH = {
  label: 'Recherche globale',
  /** the field's placeholder names its shortcut */
  placeholder: 'Rechercher un séjour, un client… (/)',
  results: 'Résultats de la recherche',
  stays: 'Séjours',
  clients: 'Clients sans séjour',
  noResult: 'Aucun résultat',
  failed: 'Impossible de rechercher',
  searching: 'Recherche…',
  current: 'En cours',
  coming: 'À venir',
  gone: 'Passé',
  stay: (n: string) => `Séjour n° ${n}`,
  client: (n: string) => `Client n° ${n}`,
  pitch: (p: string) => `Empl. ${p}`,
  noPitch: 'Sans emplacement',
  /** what a screen reader hears of the list's size */
  count: (n: number) => (n === 0 ? 'Aucun résultat' : n === 1 ? '1 résultat' : `${n} résultats`),
} as const;
