import type { ParsedBody } from '@campsite/shared';
import { animationDates } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { findAnimation } from '../animations/public';
import * as repo from './animation-dates.repository';

/** All the dates of one submission, or none: one transaction (the schema already checked end > start). */
export async function insertDates(deps: Deps, body: ParsedBody<typeof animationDates.insert>) {
  return deps.db.transaction(async (tx) => {
    if (!(await findAnimation(tx, body.animation))) return false as const;
    return repo.insertDates(
      tx,
      body.dates.map((d) => ({ id: newId(), animation: body.animation, start: d.start, end: d.end })),
    );
  });
}

export async function deleteDate(deps: Deps, id: string) {
  return (await repo.deleteDate(deps.db, id)) || (false as const);
}

export async function deleteByAnimation(deps: Deps, animation: string) {
  return deps.db.transaction(async (tx) => {
    if (!(await findAnimation(tx, animation))) return false as const;
    await repo.deleteByAnimation(tx, animation);
    return true as const;
  });
}
