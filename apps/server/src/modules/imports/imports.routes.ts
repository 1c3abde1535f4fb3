import type { FastifyInstance } from 'fastify';
import { clients } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './imports.repository';
import * as service from './imports.service';

export function importsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, clients.import, ({ body, user }) => {
    if (body.kind === 'roomlist-insert') return service.roomlistInsert(deps, user, body);
    if (body.kind === 'roomlist-update') return service.roomlistUpdate(deps, user, body);
    const files = service.decodedFiles([
      { label: 'clients', data: body.clients },
      { label: 'réservations', data: body.reservations },
    ]);
    return service.startImport(deps, 'reservations', files, { userId: user._id });
  });
  serve(app, deps, clients.uploadFile, ({ body, user }) =>
    service.startImport(deps, 'extraction', service.decodedFiles([{ label: 'extraction', data: body.file }]), { userId: user._id }),
  );
  serve(app, deps, clients.importFind, async ({ query }) => (await repo.findImport(deps.db, query.id)) ?? false);
  serve(app, deps, clients.importLatest, async ({ query }) => (await repo.latestImport(deps.db, query.kind)) ?? false);
}
