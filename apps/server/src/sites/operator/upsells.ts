import type { z } from 'zod';
import type { upsellDoc } from '@campsite/shared';
import type { Control } from '../control';

/** The most recent requests the console lists. */
const SHOWN = 500;

/** A campsite's 'Oui, ça m'intéresse !': its site, the staff member who said it, when, from which screen. */
export async function recordUpsell(control: Pick<Control, 'pool'>, request: { site: number; who: string; what: string }) {
  await control.pool.query('INSERT INTO upsell_requests (site_id, who, what, created_at) VALUES ($1, $2, $3, $4)', [
    request.site,
    request.who,
    request.what,
    Math.floor(Date.now() / 1000),
  ]);
}

export async function listUpsells(control: Pick<Control, 'pool'>): Promise<z.infer<typeof upsellDoc>[]> {
  const { rows } = await control.pool.query<z.infer<typeof upsellDoc>>(
    `SELECT u.id AS _id, u.site_id AS site, s.dashboard_host, u.who, u.what, u.created_at
       FROM upsell_requests u JOIN sites s ON s.id = u.site_id ORDER BY u.created_at DESC, u.id DESC LIMIT ${SHOWN}`,
  );
  return rows;
}
