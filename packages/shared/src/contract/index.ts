import type { CallDef } from './call';
import { animationCategories, animationDates, animations } from './activities';
import { config } from './config';
import { files } from './files';
import { logs } from './logs';
import { stats } from './stats';
import { users } from './users';
import { logo } from './logo';
import { themes } from './themes';
import { modules } from './modules';
import { menu } from './menu';
import { icons } from './icons';
import { groups } from './groups';
import { categories } from './categories';
import { pages } from './pages';
import { lists } from './lists';

export * from './call';
export * from './common';
export * from './config';
export * from './files';
export * from './logs';
export * from './stats';
export * from './users';
export * from './logo';
export * from './themes';
export * from './modules';
export * from './menu';
export * from './activities';
export * from './icons';
export * from './groups';
export * from './categories';
export * from './pages';
export * from './lists';

/** Every call of the contract, by resource: the server registers these, the apps call them. */
export const contract = { users, config, files, logs, stats, animations, animationDates, animationCategories, themes, logo, modules, menu, icons, groups, categories, pages, lists } satisfies Record<string, Record<string, CallDef>>;
