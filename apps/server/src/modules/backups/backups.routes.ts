import type { FastifyInstance } from 'fastify';
import { BACKUPS, backups } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { servesManySites } from '../../http/request-deps';
import { HttpError } from '../../http/errors';
import { backupWarnings, backupsState, noteStart, openBackup, saveSettings, startBackup } from './backups.service';

/** The super's backups (issue 34); the contract declares the flag, `serve` checks it on every call. */
export function backupsRoutes(app: FastifyInstance, deps: Deps) {
  // when the server starts serving; one app serving many sites has no site here (http/request-deps.ts)
  if (!servesManySites(deps)) noteStart(deps);
  serve(app, deps, backups.state, () => backupsState(deps));
  serve(app, deps, backups.start, () => startBackup(deps));
  serve(app, deps, backups.settings, ({ body }) => saveSettings(deps, body));
  serve(app, deps, backups.warnings, () => backupWarnings(deps));
  serve(app, deps, backups.download, async ({ params, reply }) => {
    const file = openBackup(deps, params.name ?? '');
    if (!file) throw new HttpError(404, BACKUPS.unknownFile);
    reply
      .header('Content-Type', 'application/gzip')
      .header('Content-Length', String(file.bytes))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `attachment; filename="${file.name}"`);
    return reply.send(file.stream);
  });
}
