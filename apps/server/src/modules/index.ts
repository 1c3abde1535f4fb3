import type { FastifyInstance } from 'fastify';
import type { Deps } from '../http/deps';
import { animationCategoriesRoutes } from './animation-categories/animation-categories.routes';
import { animationDatesRoutes } from './animation-dates/animation-dates.routes';
import { animationsRoutes } from './animations/animations.routes';
import { configRoutes } from './config/config.routes';
import { filesRoutes } from './files/files.routes';
import { logsRoutes } from './logs/logs.routes';
import { manifestRoutes } from './manifest/manifest.routes';
import { statsRoutes } from './stats/stats.routes';
import { usersRoutes } from './users/users.routes';
import { themesRoutes } from './themes/themes.routes';
import { logoRoutes } from './logo/logo.routes';
import { modulesRoutes } from './modules/modules.routes';
import { menuRoutes } from './menu/menu.routes';
import { iconsRoutes } from './icons/icons.routes';
import { groupsRoutes } from './groups/groups.routes';
import { categoriesRoutes } from './categories/categories.routes';
import { pagesRoutes } from './pages/pages.routes';
import { listsRoutes } from './lists/lists.routes';

/** Every resource's routes; a new resource adds its line here. */
export const modules: ((app: FastifyInstance, deps: Deps) => void)[] = [usersRoutes, configRoutes, filesRoutes, statsRoutes, logsRoutes, manifestRoutes, animationCategoriesRoutes, animationsRoutes, animationDatesRoutes, themesRoutes, logoRoutes, modulesRoutes, menuRoutes, iconsRoutes, groupsRoutes, categoriesRoutes, pagesRoutes, listsRoutes];
