import type { Deps } from '../../http/deps';
import { getSettings } from './settings.repository';

/**
 * The settings as stored, read once per change of the database (the plan check of every premium call and
 * the configuration reads need them). Read-only: a write reads them again in its transaction.
 */
export const settings = (deps: Deps) => deps.cache.memo('settings', () => getSettings(deps.db));
