import type { DepositConfig } from '@campsite/shared';
import { centsToEuros } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Env } from '../../env';
import { swiklySettings } from '../../integrations/swikly';
import { getEntry } from '../../platform/settings/settings.repository';

// The provider settings (002 §3 'Deposit config'), kept as the config entry 'deposit'. The secret key is the
// account's: the Bearer key of Swikly's API and the key its callbacks are signed with.

export interface StoredDepositConfig {
  activate: boolean;
  /** cents */
  amount: number;
  userId: string;
  secret: string;
  /** days before the arrival the request is made */
  days: number;
  /** raised by each save of the settings' form (issue 29: a save from an older one is a 409); absent: 0 */
  revision?: number;
  /**
   * 'From now on only' (issue 32): the stays known at `createdBefore` and arriving by `arrivalUntil`
   * (those the screen counted when staff chose it) are never asked automatically; later bookings are.
   */
  onlyNew?: { createdBefore: number; arrivalUntil: number } | null;
}

export const DEFAULT_DEPOSIT_CONFIG: StoredDepositConfig = { activate: false, amount: 0, userId: '', secret: '', days: 7 };

export const getDepositSettings = (db: Tx) => getEntry(db, 'deposit', DEFAULT_DEPOSIT_CONFIG);

/** The settings as staff read them: never the secret in clear. */
export function depositConfigDoc(c: StoredDepositConfig, env: Env): DepositConfig {
  return {
    activate: c.activate,
    amount: centsToEuros(c.amount),
    userId: c.userId,
    secret: '',
    secret_set: c.secret !== '',
    secret_mask: c.secret ? `${'•'.repeat(14)}${c.secret.slice(-2)}` : '',
    days: c.days,
    mode: swiklySettings(env).mode,
    revision: c.revision ?? 0,
  };
}

/** The lead time in days: at least one (a stay is arrived on its arrival day, never asked then); an older stored 0 reads 1. */
export const leadDays = (c: Pick<StoredDepositConfig, 'days'>) => Math.max(1, c.days);

/** Whether requests can be made: on, with an amount, an account and its key. */
export const isReady = (c: StoredDepositConfig) => c.activate && c.amount > 0 && c.userId.length === 32 && c.secret.length === 16;
