import { eq } from 'drizzle-orm';
import { SERVICES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { services } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { benefitExists } from './services.repository';

// What other areas link to (001 §3): an activity's service_benefit, a page's service button. Checked in
// their transaction; a delete here unlinks them (services.repository.ts).

export async function assertBenefitExists(tx: Tx, id: string) {
  if (!(await benefitExists(tx, id))) throw badRequest(SERVICES.benefitUnknown, { service_benefit: SERVICES.benefitUnknown });
}

export async function assertServiceExists(tx: Tx, id: string) {
  const [row] = await tx.select({ id: services.id }).from(services).where(eq(services.id, id)).limit(1);
  if (!row) throw badRequest(SERVICES.serviceUnknown, { service: SERVICES.serviceUnknown });
}
