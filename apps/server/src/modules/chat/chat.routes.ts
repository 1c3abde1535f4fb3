import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT, CORE, contract } from '@campsite/shared';
import { releaseTranslator } from '../../integrations/translation';
import { servesManySites } from '../../http/request-deps';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import { readUpload } from '../../http/upload';
import { fileBytes, variantWidths } from '../../platform/files/files.repository';
import { pickWidth } from '../../platform/files/files.service';
import { closeHub, hubOf, type Scope } from './chat.live';
import * as service from './chat.service';
import * as inbox from './inbox.service';
import * as replies from './replies.service';
import * as staffSide from './staff.service';

const chat = contract.chat;

/** The chat area's calls (contract.chat; docs/messages.md). */
export function chatRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, chat.list, ({ query, user }) => inbox.list(deps, user, query));
  serve(app, deps, chat.messages, ({ body }) => staffSide.staffThread(deps, body.conversation));
  serve(app, deps, chat.answer, ({ body, user }) => staffSide.answer(deps, user, body));
  serve(app, deps, chat.note, ({ body, user }) => inbox.note(deps, user, body));
  serve(app, deps, chat.assign, ({ body, user }) => inbox.assign(deps, user, body));
  serve(app, deps, chat.team, () => inbox.team(deps));
  serve(app, deps, chat.staffPhoto, async ({ req, user }) => staffSide.staffPhoto(deps, user, await readUpload(req, 5)));
  serve(app, deps, chat.close, ({ body }) => staffSide.close(deps, body));
  serve(app, deps, chat.unread, () => staffSide.unread(deps));
  serve(app, deps, chat.stream, async ({ req, reply, query, user }) => openStream(deps, req, reply, query.last, { guestId: null, owner: `staff:${user._id}` }));
  serve(app, deps, chat.picture, async ({ query, reply }) => sendPhoto(deps, reply, await staffSide.staffPictureFile(deps, query.id), query.width));

  const saved = contract.chatReplies;
  serve(app, deps, saved.list, ({ query }) => replies.listReplies(deps, query.conversation));
  serve(app, deps, saved.insert, ({ body }) => replies.insertReply(deps, body));
  serve(app, deps, saved.update, ({ body }) => replies.updateReply(deps, body));
  serve(app, deps, saved.delete, ({ body }) => replies.deleteReply(deps, body.id));

  serve(app, deps, chat.mine, ({ guestId }) => service.myConversations(deps, guestId));
  serve(app, deps, chat.thread, ({ body, guestId }) => service.myThread(deps, guestId, body.conversation));
  serve(app, deps, chat.start, ({ body, guestId }) => service.startConversation(deps, guestId, body));
  serve(app, deps, chat.send, ({ body, guestId }) => service.guestSend(deps, guestId, body));
  serve(app, deps, chat.photo, async ({ req, guestId }) => service.guestPhoto(deps, guestId, await readUpload(req, 5)));
  serve(app, deps, chat.guestPicture, async ({ query, reply, guestId }) => sendPhoto(deps, reply, await service.guestPictureFile(deps, guestId, query.id), query.width));
  serve(app, deps, chat.guestStream, async ({ req, reply, query, guestId }) => openStream(deps, req, reply, query.last, { guestId, owner: `guest:${guestId}` }));

  // open streams would keep the server from closing: they end, and their clients reconnect elsewhere
  app.addHook('preClose', async () => closeHub(deps));
  // the translation stand-in this process may have started stops with its last app
  app.addHook('onClose', async () => (servesManySites(deps) ? undefined : releaseTranslator(deps.env)));
}

async function sendPhoto(deps: Deps, reply: FastifyReply, id: string | null, wanted: number | undefined) {
  const width = id && wanted ? pickWidth(await variantWidths(deps.db, id), wanted) : undefined;
  const file = id ? await fileBytes(deps.db, { id }, width) : null;
  if (!file) throw new HttpError(404, CORE.notFound);
  reply.header('Content-Type', file.type).header('Cache-Control', 'private, max-age=86400').header('X-Content-Type-Options', 'nosniff');
  return reply.send(file.data);
}

/**
 * A server-sent event stream (the session was checked in onRequest, as for any call): headers that keep
 * proxies from buffering or compressing it, then the hub's replay from Last-Event-ID and the live events.
 */
async function openStream(deps: Deps, req: FastifyRequest, reply: FastifyReply, lastQuery: number | undefined, scope: Scope) {
  // a request that cannot read a stream (a script, a test's inject) is told so rather than held open
  if (!String(req.headers.accept ?? '').includes('text/event-stream')) throw badRequest(CHAT.streamOnly);
  const header = Number(req.headers['last-event-id']);
  const last = Number.isSafeInteger(header) && header >= 0 ? header : lastQuery;
  const hub = await hubOf(deps);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);
  await hub.open(res, scope, last);
  return reply;
}
