import type { FastifyInstance } from 'fastify';
import { DEPOSITS } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { checkSignature, SIGNATURE_HEADER, SIGNATURE_TOLERANCE } from '../../integrations/swikly';
import { getDepositSettings } from './deposits.settings';
import * as repo from './deposits.repository';

// The provider's callback (issue 25): POST /api/webapp/deposits/callback, signed in `Swikly-Signature` with
// the account's secret key. The signature is checked on the raw bytes, so this route reads its body as a
// Buffer (its own content parser, in a scope of its own: the other routes keep the JSON parser of
// http/bodies.ts). A bad or stale signature changes nothing, is logged, and answers 401. A signed event is
// applied once (its signature kept for the window it is valid in: a replay is acknowledged and changes
// nothing), and never over a newer one (the signed time of the newest event applied is kept on the deposit).

export const CALLBACK_PATH = '/api/webapp/deposits/callback';

const STATUS_OF: Record<string, string> = { pending: '', accepted: 'OK', refused: 'Refusée', expired: 'Expirée', cancelled: DEPOSITS.statusCancelled };

interface Event {
  event?: unknown;
  data?: { id?: unknown; status?: unknown };
}

export function depositCallbackRoute(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(CALLBACK_PATH, { schema: { hide: true } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const config = await getDepositSettings(deps.db);
      const check = config.secret ? checkSignature(req.headers[SIGNATURE_HEADER], raw, config.secret, deps.now()) : ({ ok: false, reason: 'missing' } as const);
      if (!check.ok) {
        req.log.warn({ reason: check.reason, ip: req.ip }, 'deposit callback refused: signature');
        return reply.status(401).send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Signature invalide', fields: {} });
      }
      let event: Event;
      try {
        event = JSON.parse(raw.toString('utf8')) as Event;
      } catch {
        return reply.status(400).send({ statusCode: 400, code: 'BAD_REQUEST', message: 'JSON invalide', fields: {} });
      }
      const id = typeof event.data?.id === 'string' ? event.data.id : '';
      const status = typeof event.data?.status === 'string' ? event.data.status : '';
      await deps.db.transaction(async (tx) => {
        // each signed event is applied once: a captured callback sent again within its window changes nothing
        if (!(await repo.recordCallback(tx, check.signature, check.t, deps.now(), SIGNATURE_TOLERANCE))) {
          req.log.warn({ reference: id.slice(0, 64), ip: req.ip }, 'deposit callback: replayed, ignored');
          return;
        }
        const row = id ? await repo.depositByReference(tx, id, true) : undefined;
        if (!row) {
          req.log.warn({ reference: id.slice(0, 64) }, 'deposit callback: unknown request');
          return;
        }
        // an event signed before the newest one applied never overrides it (a late delivery, a retry)
        if (row.eventTime !== null && check.t < row.eventTime) {
          req.log.warn({ reference: id.slice(0, 64), t: check.t, newest: row.eventTime }, 'deposit callback: older than the state, ignored');
          return;
        }
        // released or claimed: staff did it here first; the status stays 'OK' (the deposit was made). Their
        // intent still pending (its job not yet back from Swikly) is done: Swikly says so
        if (status === 'released' || status === 'claimed') {
          if (row.settlement === status && row.settleState === 'pending') await repo.updateDeposit(tx, row.id, { settleState: 'done', settleError: null, eventTime: check.t, editedTime: deps.now() });
          else await repo.updateDeposit(tx, row.id, { eventTime: check.t });
          return;
        }
        const next = STATUS_OF[status] ?? [...status].filter((c) => c >= ' ').join('').slice(0, 40);
        // a request staff cancelled stays so (its close job releases one the guest accepted meanwhile)
        if (next && next !== row.status && !row.settlement && row.status !== DEPOSITS.statusCancelled) {
          const depositedTime = next === 'OK' ? deps.now() : null;
          await repo.updateDeposit(tx, row.id, { status: next, eventTime: check.t, editedTime: deps.now(), depositedTime });
        }
        else await repo.updateDeposit(tx, row.id, { eventTime: check.t });
      });
      return { received: true };
    });
  });
}
