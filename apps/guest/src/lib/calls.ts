/**
 * The public reads of the guest app. The contract files build zod schemas at import time, which would
 * put zod in the first download; the app only needs each call's method and path, so it takes the types
 * from the contract (type-only imports cost nothing) and the paths are checked against it by calls.test.ts.
 */
import type { CallDef } from '@campsite/shared/contract/call';
import type { accountCalls } from '@campsite/shared/contract/account';
import type { animationCategories, animationDates, animations } from '@campsite/shared/contract/activities';
import type { categories } from '@campsite/shared/contract/categories';
import type { config } from '@campsite/shared/contract/config';
import type { groups } from '@campsite/shared/contract/groups';
import type { lists } from '@campsite/shared/contract/lists';
import type { logo } from '@campsite/shared/contract/logo';
import type { logs } from '@campsite/shared/contract/logs';
import type { menu } from '@campsite/shared/contract/menu';
import type { modules } from '@campsite/shared/contract/home-modules';
import type { notifications } from '@campsite/shared/contract/notifications';
import type { pages } from '@campsite/shared/contract/pages';
import type { themes } from '@campsite/shared/contract/themes';

const def = <C extends CallDef>(method: 'GET' | 'POST', path: string) => ({ method, path, access: 'public' }) as unknown as C;

export const calls = {
  publicConfig: def<typeof config.public>('GET', 'webapp/config/public'),
  theme: def<typeof themes.current>('GET', 'webapp/config/theme'),
  logo: def<typeof logo.get>('GET', 'webapp/config/logo'),
  menu: def<typeof menu.get>('GET', 'webapp/config/menu'),
  modules: def<typeof modules.list>('GET', 'webapp/modules/list'),
  groups: def<typeof groups.list>('GET', 'webapp/groups/list'),
  categories: def<typeof categories.list>('GET', 'webapp/categories/list'),
  pageFind: def<typeof pages.find>('GET', 'webapp/pages/find'),
  pageByCategory: def<typeof pages.findByCategory>('GET', 'webapp/pages/find-by-category'),
  listByCategory: def<typeof lists.findByCategory>('GET', 'webapp/lists/find-by-category'),
  listList: def<typeof lists.list>('GET', 'webapp/lists/list'),
  animations: def<typeof animations.list>('GET', 'webapp/animations/list'),
  animationFind: def<typeof animations.find>('GET', 'webapp/animations/find'),
  animationDates: def<typeof animationDates.list>('GET', 'webapp/animation-dates/list'),
  animationCategories: def<typeof animationCategories.list>('GET', 'webapp/animation-categories/list'),
  visit: def<typeof logs.insert>('POST', 'webapp/logs/insert'),
  me: def<typeof accountCalls.me>('GET', 'webapp/account/me'),
  signup: def<typeof accountCalls.signup>('POST', 'webapp/account/signup'),
  activate: def<typeof accountCalls.activate>('POST', 'webapp/account/activate'),
  resendActivation: def<typeof accountCalls.resendActivation>('POST', 'webapp/account/resend-activation'),
  login: def<typeof accountCalls.login>('POST', 'webapp/account/login'),
  logout: def<typeof accountCalls.logout>('POST', 'webapp/account/logout'),
  passwordRequest: def<typeof accountCalls.passwordRequest>('POST', 'webapp/account/password-request'),
  passwordReset: def<typeof accountCalls.passwordReset>('POST', 'webapp/account/password-reset'),
  pushKey: def<typeof notifications.publicKey>('GET', 'webapp/notifications/key'),
  pushSubscribe: def<typeof notifications.subscribe>('POST', 'webapp/notifications/subscribe'),
  pushUnsubscribe: def<typeof notifications.unsubscribe>('POST', 'webapp/notifications/unsubscribe'),
};
