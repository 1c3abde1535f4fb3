import type { AdminConfig } from '@campsite/shared';
import type { Deps, Plan } from '../../http/deps';
import { getSettings } from './settings.repository';

/**
 * The settings as stored, read once per change of the database (the plan check of every premium call and
 * the configuration reads need them). Read-only: a write reads them again in its transaction.
 */
export const settings = (deps: Deps) => deps.cache.memo('settings', () => getSettings(deps.db));

/** The plan: the operator's in multi-site mode (the control database), else the administrator settings'. */
export const planOf = (deps: Pick<Deps, 'operatorPlan'>, admin: Pick<AdminConfig, 'features'>): Plan => deps.operatorPlan?.() ?? admin.features;
