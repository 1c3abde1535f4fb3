import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

const rubrics = screen(() => import('./RubricsScreen'));

/** The welcome booklet (001 §2): rubrics > categories > a page or a list > sub-category pages. */
export const bookletRoutes: AppRoute[] = [
  { path: '/rubriques', flag: 'rubrics', screen: rubrics },
  { path: '/Rubriques', flag: 'rubrics', screen: rubrics },
  { path: '/rubriques/:groupId', flag: 'rubrics', screen: screen(() => import('./CategoriesScreen')) },
  { path: '/rubriques/:groupId/:categoryId', flag: 'rubrics', screen: screen(() => import('./CategoryContentScreen')) },
  { path: '/rubriques/:groupId/:categoryId/:pageId', flag: 'rubrics', screen: screen(() => import('./SubPageScreen')) },
];
