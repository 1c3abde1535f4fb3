import type { FastifyInstance } from 'fastify';
import { config } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { serve } from '../../http/calls';
import { getAdminConfig } from '../../platform/settings/settings.repository';
import { adminAnswer, maskSecrets, readGlobalConfig, readPublicConfig, updateAdminConfig, updateGlobalConfig } from './config.service';

export function configRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, config.globalList, () => readGlobalConfig(deps));
  serve(app, deps, config.globalUpdate, ({ body }) => updateGlobalConfig(deps, body));
  serve(app, deps, config.adminList, async ({ user }) => adminAnswer(deps, maskSecrets(await getAdminConfig(deps.db), user)));
  serve(app, deps, config.adminUpdate, async ({ body }) => {
    return updateAdminConfig(deps, body);
  });
  serve(app, deps, config.pms, async ({ user }) => maskSecrets(await getAdminConfig(deps.db), user).config_pms);
  serve(app, deps, config.version, () => ({ version: deps.version }));
  serve(app, deps, config.public, () => readPublicConfig(deps));
}

