import type { AdminConfig, DashboardUser, GlobalConfig, ParsedBody, PublicConfig } from '@campsite/shared';
import { LANGS, config } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { badRequest, HttpError } from '../../http/errors';
import { CORE } from '@campsite/shared';
import { getAdminConfig, getGlobalSettings, lockEntry, setEntry, type GlobalSettings } from '../../platform/settings/settings.repository';
import { planOf, settings } from '../../platform/settings/settings';
import { adminSettingsChanged } from '../../platform/hooks';

/** The administrator settings with the plan that applies: the operator's in multi-site mode (src/sites). */
export const withPlan = (deps: Pick<Deps, 'operatorPlan'>, admin: AdminConfig): AdminConfig => ({ ...admin, features: planOf(deps, admin) });

/** The administrator settings as answered: whether the plan is the operator's (multi-site mode) said with them. */
export const adminAnswer = (deps: Pick<Deps, 'operatorPlan'>, admin: AdminConfig) => ({ ...withPlan(deps, admin), plan_by_operator: deps.operatorPlan !== undefined });

function toGlobalConfig(g: GlobalSettings, admin: AdminConfig, timeZone: string): GlobalConfig {
  return {
    establishment: g.establishment,
    features: admin.features,
    'webapp-connexion': admin.active_connexion,
    'lang-default': g.lang_default,
    langs: Object.fromEntries(LANGS.map((l) => [l, g.langs.includes(l)])) as GlobalConfig['langs'],
    'send-mail-cron': g.sendmail,
    'nb-days-mail-cron': g.nbdays,
    'background-img': g.background,
    'welcome-txt': g.welcome,
    'time-zone': timeZone,
  };
}

export async function readGlobalConfig(deps: Deps): Promise<GlobalConfig> {
  const { global, admin } = await settings(deps);
  return toGlobalConfig(global, withPlan(deps, admin), deps.env.TIME_ZONE);
}

export async function updateGlobalConfig(deps: Deps, body: ParsedBody<typeof config.globalUpdate>): Promise<GlobalConfig> {
  const timeZone = deps.env.TIME_ZONE;
  return deps.db.transaction(async (tx) => {
    await lockEntry(tx, 'global');
    const current = await getGlobalSettings(tx);
    const langDefault = body.lang_default ?? current.lang_default;
    if (!body.langs.includes(langDefault)) throw badRequest(CORE.defaultLangRequired, { langs: CORE.defaultLangRequired });
    const welcome = body.welcome.filter((w) => body.langs.includes(w.lang)).map((w) => ({ lang: w.lang, welcome: w.welcome.trim() }));
    if (!welcome.find((w) => w.lang === langDefault)?.welcome) {
      throw badRequest(CORE.welcomeRequired(langDefault), { welcome: CORE.welcomeRequired(langDefault) });
    }
    const next: GlobalSettings = {
      establishment: body.establishment,
      sendmail: body.sendmail,
      nbdays: body.nbdays,
      // kept in the order of the spec's language list, whatever order they were ticked in
      langs: LANGS.filter((l) => body.langs.includes(l)),
      lang_default: langDefault,
      background: body.background,
      welcome,
    };
    await setEntry(tx, 'global', next);
    return toGlobalConfig(next, withPlan(deps, await getAdminConfig(tx)), timeZone);
  });
}

const SECRETS = ['ftp_pass', 'api_token', 'intern_token'] as const;

/** Staff without super see the PMS gateway without its passwords and tokens. */
export function maskSecrets(admin: AdminConfig, user: DashboardUser): AdminConfig {
  if (user.permissions.super === 1) return admin;
  const pms = { ...admin.config_pms };
  for (const k of SECRETS) pms[k] = '';
  return { ...admin, config_pms: pms };
}

/**
 * Saves the administrator settings; what runs on their schedule (the PMS gateway) follows them in the same
 * transaction. In multi-site mode the plan is the operator's: a form that sends the plan it shows saves, one
 * that asks for another is refused (403) and nothing is saved.
 */
export async function updateAdminConfig(deps: Deps, body: ParsedBody<typeof config.adminUpdate>) {
  if (deps.operatorPlan && body.features !== deps.operatorPlan()) throw new HttpError(403, CORE.planByOperator);
  return deps.db.transaction(async (tx) => {
    await lockEntry(tx, 'admin');
    const current = await getAdminConfig(tx);
    const next: AdminConfig = {
      ...body,
      // multi-site mode: the stored value stays as it was (the operator's plan is in the control database)
      features: deps.operatorPlan ? current.features : body.features,
      // last_handling is the gateway's to write (a form opened before its last run would set it back)
      config_pms: { ...body.config_pms, last_handling: current.config_pms.last_handling },
    };
    await setEntry(tx, 'admin', next);
    await adminSettingsChanged.run(deps, tx, { admin: next });
    return adminAnswer(deps, next);
  });
}

export async function readPublicConfig(deps: Deps): Promise<PublicConfig> {
  const { global: g, admin } = await settings(deps);
  const timeZone = deps.env.TIME_ZONE;
  return {
    establishment: g.establishment,
    features: planOf(deps, admin),
    lang_default: g.lang_default,
    langs: g.langs,
    background: g.background,
    welcome: g.welcome,
    application_ouverte: admin.application_ouverte,
    show_stay_dates: admin.show_stay_dates,
    show_stay_location: admin.show_stay_location,
    webapp_connexion: admin.active_connexion,
    time_zone: timeZone,
  };
}
