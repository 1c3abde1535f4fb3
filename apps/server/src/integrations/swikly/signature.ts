import { createHmac, timingSafeEqual } from 'node:crypto';

// Swikly's webhook signature: the header `Swikly-Signature: t=<unix>,sha256=<hex>`, an HMAC-SHA256 of
// `<t>.<raw body>` with the account's secret key. Checked on the bytes as they came (a body parsed and
// serialized again may differ by a space or a key order), with a time tolerance and a constant-time compare.

export const SIGNATURE_HEADER = 'swikly-signature';
/** seconds a signed callback stays acceptable (a replay later is refused) */
export const SIGNATURE_TOLERANCE = 300;

const hmac = (secret: string, t: number, body: Buffer) => createHmac('sha256', secret).update(`${t}.`).update(body).digest();

/** The header's value for `body` signed at `t` (the simulator's side, and the tests'). */
export function signatureHeader(secret: string, body: Buffer | string, t: number): string {
  return `t=${t},sha256=${hmac(secret, t, Buffer.from(body)).toString('hex')}`;
}

/** ok: the signed time `t` (the event's time, to order events) and the signature's hex (to apply an event once). */
export type SignatureCheck = { ok: true; t: number; signature: string } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Whether `header` signs `body` with `secret` within the tolerance around `now`. */
export function checkSignature(header: string | string[] | undefined, body: Buffer, secret: string, now: number, tolerance = SIGNATURE_TOLERANCE): SignatureCheck {
  if (typeof header !== 'string' || !header) return { ok: false, reason: 'missing' };
  const parts = new Map(
    header.split(',').map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('sha256') ?? '';
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/i.test(given)) return { ok: false, reason: 'malformed' };
  if (Math.abs(now - t) > tolerance) return { ok: false, reason: 'stale' };
  const expected = hmac(secret, t, body);
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? { ok: true, t, signature: given.toLowerCase() } : { ok: false, reason: 'mismatch' };
}
