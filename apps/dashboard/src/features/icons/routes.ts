import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** 000 §2.7: the icon library (the rubrics flag, as the booklet that uses it). */
export const iconsRoutes: AppRoute[] = [{ path: '/icons', flag: 'rubrics', screen: screen(() => import('./IconsScreen')) }];
