import type { FastifyInstance } from 'fastify';
import { guestInventoryCalls as guest, inventories, CORE } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { HttpError } from '../../http/errors';
import { fileBytes, variantWidths } from '../../platform/files/files.repository';
import { pickWidth } from '../../platform/files/files.service';
import { guestAddPicture, guestComment, guestConfirm, guestDeletePicture, guestPictureFile, guestSave, myInventories } from './guest.service';
import { listInventories } from './inventories-list.repository';
import { readUpload } from '../../http/upload';
import { sendReport } from './inventories.mail';
import { reportOf } from './report.pdf';
import * as service from './inventories.service';

export function inventoriesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, inventories.list, ({ query }) => listInventories(deps.db, query, deps.cache));
  serve(app, deps, inventories.arrivalsToday, () => service.arrivalsToday(deps));
  serve(app, deps, inventories.search, ({ query }) => service.searchInventories(deps, query.stay_number));
  serve(app, deps, inventories.findByStayNumber, ({ query }) => service.findByStayNumber(deps, query));
  serve(app, deps, inventories.insert, ({ body, user }) => service.saveInventory(deps, user, body));
  serve(app, deps, inventories.updateComments, ({ body, user }) => service.addComment(deps, user, body));
  serve(app, deps, inventories.updatePictures, ({ body, user }) => service.updatePictures(deps, user, body));
  serve(app, deps, inventories.addPicture, async ({ req, user }) => service.uploadPicture(deps, user, await readUpload(req, 5)));
  serve(app, deps, inventories.deletePicture, ({ body, user }) => service.deletePicture(deps, user, body));
  serve(app, deps, inventories.report, async ({ query, reply }) => {
    const report = await reportOf(deps, query.stay_number);
    if (!report) throw new HttpError(404, CORE.notFound);
    reply
      .header('Content-Type', 'application/pdf')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="${report.filename}"`);
    return reply.send(report.pdf);
  });
  serve(app, deps, inventories.sendReport, ({ body }) => sendReport(deps, body.stay_number));

  serve(app, deps, guest.mine, ({ query, guestId }) => myInventories(deps, guestId, query.lang));
  serve(app, deps, guest.save, ({ body, guestId }) => guestSave(deps, guestId, body));
  serve(app, deps, guest.comment, ({ body, guestId }) => guestComment(deps, guestId, body));
  serve(app, deps, guest.addPicture, async ({ req, guestId }) => guestAddPicture(deps, guestId, await readUpload(req, 5)));
  serve(app, deps, guest.deletePicture, ({ body, guestId }) => guestDeletePicture(deps, guestId, body.picture, body.lang));
  serve(app, deps, guest.confirm, ({ body, guestId }) => guestConfirm(deps, guestId, body.lang));
  serve(app, deps, guest.picture, async ({ query, guestId, reply }) => {
    const id = await guestPictureFile(deps, guestId, query.id);
    const width = id && query.width ? pickWidth(await variantWidths(deps.db, id), query.width) : undefined;
    const file = id ? await fileBytes(deps.db, { id }, width) : null;
    if (!file) throw new HttpError(404, CORE.notFound);
    reply.header('Content-Type', file.type).header('Cache-Control', 'private, max-age=86400').header('X-Content-Type-Options', 'nosniff');
    return reply.send(file.data);
  });
}
