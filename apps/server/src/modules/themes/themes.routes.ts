import type { FastifyInstance } from 'fastify';
import { themes } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { listThemes } from './themes.repository';
import { createTheme, currentTheme, deleteTheme, selectTheme, updateTheme } from './themes.service';

export function themesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, themes.list, () => listThemes(deps.db));
  serve(app, deps, themes.insert, ({ body }) => createTheme(deps.db, body, deps.now()));
  serve(app, deps, themes.update, ({ body }) => updateTheme(deps.db, body, deps.now()));
  serve(app, deps, themes.delete, ({ body }) => deleteTheme(deps.db, body.id));
  serve(app, deps, themes.current, () => currentTheme(deps.db));
  serve(app, deps, themes.select, ({ body }) => selectTheme(deps.db, body.id));
}
