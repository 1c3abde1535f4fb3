import { describe, expect, it } from 'vitest';
import { guestInventoryCalls } from '@campsite/shared/contract/inventories-guest';
import { ALL_INVENTORY_WORDS } from '../../lib/inventory-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';

describe('the guest inventory screen', () => {
  it('calls the contract paths', () => {
    for (const [k, c] of Object.entries(guestCalls.guestInventories)) {
      const real = guestInventoryCalls[k as keyof typeof guestInventoryCalls];
      expect([c.method, c.path]).toEqual([real.method, real.path]);
    }
  });
  it('has every word in the seven languages', () => {
    for (const [k, list] of Object.entries(ALL_INVENTORY_WORDS)) expect(list.filter((x) => x.trim()).length, k).toBe(7);
  });
});
