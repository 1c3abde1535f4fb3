import type { FastifyInstance } from 'fastify';
import { menu } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { deleteEntry, insertEntry, orderEntries, readMenu, updateEntry } from './menu.service';

export function menuRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, menu.get, () => readMenu(deps.db));
  serve(app, deps, menu.insert, ({ body }) => insertEntry(deps.db, body));
  serve(app, deps, menu.update, ({ body }) => updateEntry(deps.db, body));
  serve(app, deps, menu.order, ({ body }) => orderEntries(deps.db, body.menu));
  serve(app, deps, menu.delete, ({ body }) => deleteEntry(deps.db, body.nb));
}
