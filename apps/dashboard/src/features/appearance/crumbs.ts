import type { Crumb } from '../../components/PageHeader';

/** The sidebar section these screens belong to (000 §2.4). */
export const BOOKLET_CRUMB: Crumb = { label: "Livret d'accueil" };
