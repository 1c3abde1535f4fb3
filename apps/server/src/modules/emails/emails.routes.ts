import type { FastifyInstance } from 'fastify';
import { emails } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { deleteTemplate, insertTemplate, listTemplates, previewMail, testTemplate, updateTemplate } from './emails.service';

export function emailsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, emails.list, () => listTemplates(deps));
  serve(app, deps, emails.insert, ({ body }) => insertTemplate(deps, body));
  serve(app, deps, emails.update, ({ body }) => updateTemplate(deps, body));
  serve(app, deps, emails.delete, ({ body }) => deleteTemplate(deps, body.id));
  serve(app, deps, emails.test, ({ body }) => testTemplate(deps, body));
  serve(app, deps, emails.preview, ({ body }) => previewMail(deps, body));
}
