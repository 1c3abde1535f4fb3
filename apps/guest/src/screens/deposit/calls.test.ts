import { describe, expect, it } from 'vitest';
import { deposits } from '@campsite/shared/contract/deposits';
import { ALL_DEPOSIT_WORDS } from '../../lib/deposit-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';

describe('the guest deposit screen', () => {
  it('calls the contract paths', () => {
    expect([guestCalls.deposits.mine.method, guestCalls.deposits.mine.path]).toEqual([deposits.mine.method, deposits.mine.path]);
  });
  it('has every word in the seven languages', () => {
    for (const [k, list] of Object.entries(ALL_DEPOSIT_WORDS)) expect(list.filter((x) => x.trim()).length, k).toBe(7);
  });
});
