import { SERVICES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { benefitExists, serviceExists } from './services.repository';

// What other areas link to (001 §3): an activity's service_benefit, a page's service button. Checked in
// their transaction; a delete here unlinks them (services.repository.ts).

export async function assertBenefitExists(tx: Tx, id: string) {
  if (!(await benefitExists(tx, id))) throw badRequest(SERVICES.benefitUnknown, { service_benefit: SERVICES.benefitUnknown });
}

export async function assertServiceExists(tx: Tx, id: string) {
  if (!(await serviceExists(tx, id))) throw badRequest(SERVICES.serviceUnknown, { service: SERVICES.serviceUnknown });
}
