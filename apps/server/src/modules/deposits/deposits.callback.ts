import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { checkSignature, SIGNATURE_HEADER } from '../../integrations/swikly';
import { getDepositSettings } from './deposits.settings';
import * as repo from './deposits.repository';

// The provider's callback (issue 25): POST /api/webapp/deposits/callback, signed in `Swikly-Signature` with
// the account's secret key. The signature is checked on the raw bytes, so this route reads its body as a
// Buffer (its own content parser, in a scope of its own: the other routes keep the JSON parser of
// http/bodies.ts). A bad or stale signature changes nothing, is logged, and answers 401.

export const CALLBACK_PATH = '/api/webapp/deposits/callback';

const STATUS_OF: Record<string, string> = { pending: '', accepted: 'OK', refused: 'Refusée', expired: 'Expirée', cancelled: 'Annulée' };

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
        const row = id ? await repo.depositByReference(tx, id, true) : undefined;
        if (!row) {
          req.log.warn({ reference: id.slice(0, 64) }, 'deposit callback: unknown request');
          return;
        }
        // released or claimed: staff did it here first; the status stays 'OK' (the deposit was made)
        if (status === 'released' || status === 'claimed') return;
        const next = STATUS_OF[status] ?? [...status].filter((c) => c >= ' ').join('').slice(0, 40);
        if (next && next !== row.status && !row.settlement) await repo.updateDeposit(tx, row.id, { status: next, editedTime: deps.now() });
      });
      return { received: true };
    });
  });
}
