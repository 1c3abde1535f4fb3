import type { DashboardUser } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { insertEntry } from '../../platform/audit/audit.repository';
import { clientErased } from '../../platform/hooks';
import * as repo from './erase.repository';

/**
 * Erases a client (GDPR, issue 20): their file, their stays, the guest accounts of that file or of its
 * stays, and what points at those accounts (sessions: the guests are signed out at once; push
 * subscriptions; account links, by cascade). The mail history keeps its counts but loses the person:
 * their recipient rows are blanked, and those not sent yet are cancelled. Pre-stay bookkeeping of the
 * stays goes, visits lose their account; the throttles' rows naming their addresses (sign-in attempts,
 * mail counts) and their accounts' mail jobs go too. One transaction, the client's row locked first; the audit log
 * says who erased which client number, with how many stays and accounts, never a name.
 * False for an unknown client (nothing written).
 */
export async function eraseClient(deps: Deps, actor: DashboardUser, clientNumber: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const client = await repo.lockClientForErasure(tx, clientNumber);
    if (!client) return false;
    const stayNumbers = await repo.lockStaysOf(tx, clientNumber);
    const accounts = await repo.lockAccountsOf(tx, clientNumber, stayNumbers);
    const ids = accounts.map((a) => a.id);

    if (ids.length) await repo.detachAccounts(tx, ids);
    // the other areas' part (bookings, reviews, deposits: modules/hooks.ts), before the accounts and stays go
    await clientErased.run(deps, tx, { clientNumber, accountIds: ids, stayNumbers });
    // recipients of this client or its accounts, and rows that name one of their addresses without an owner
    const addresses = [client.email1, client.email2, ...accounts.map((a) => a.email)].filter((e): e is string => !!e?.trim()).map((e) => e.trim().toLowerCase());
    await repo.blankRecipients(tx, clientNumber, ids, addresses);
    if (addresses.length) await repo.forgetAddresses(tx, addresses);
    if (stayNumbers.length) await repo.deletePrestayOf(tx, stayNumbers);
    if (ids.length) await repo.deleteAccounts(tx, ids);
    await repo.deleteClientAndStays(tx, clientNumber);
    await insertEntry(tx, {
      id: newId(),
      time: deps.now(),
      actorId: actor._id,
      actorUsername: actor.username,
      targetId: clientNumber,
      targetUsername: clientNumber,
      targetKind: 'client',
      changes: ['erasure'],
      detail: { stays: { from: stayNumbers.length, to: 0 }, accounts: { from: ids.length, to: 0 } },
    });
    return true;
  });
}
