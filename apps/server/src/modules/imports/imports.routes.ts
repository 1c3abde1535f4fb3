import type { FastifyInstance } from 'fastify';
import { IMPORTS, imports } from '@campsite/shared';
import { HttpError } from '../../http/errors';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as repo from './imports.repository';
import * as review from './imports-review.service';
import * as service from './imports.service';

export function importsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, imports.import, ({ body, user }) => {
    if (body.kind === 'roomlist-insert') return service.roomlistInsert(deps, user, body);
    if (body.kind === 'roomlist-update') return service.roomlistUpdate(deps, user, body);
    const files = service.decodedFiles([
      { label: 'clients', data: body.clients },
      { label: 'réservations', data: body.reservations },
    ]);
    return service.startImport(deps, 'reservations', files, { userId: user._id });
  });
  serve(app, deps, imports.uploadFile, ({ body, user }) =>
    service.startImport(deps, 'extraction', service.decodedFiles([{ label: 'extraction', data: body.file }]), { userId: user._id }),
  );
  serve(app, deps, imports.find, async ({ query }) => (await repo.findImport(deps.db, query.id)) ?? false);
  serve(app, deps, imports.latest, async ({ query }) => (await repo.latestImport(deps.db, query.kind)) ?? false);
  serve(app, deps, imports.preview, ({ body }) => review.previewFile(deps, body.file));
  serve(app, deps, imports.refused, async ({ query, reply }) => {
    const found = await review.refusedCsv(deps, query.id, query.file);
    if (!found) throw new HttpError(404, IMPORTS.noRefusedRow);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${found.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(found.name)}`)
      .header('cache-control', 'no-store')
      .send(found.csv);
  });
}
