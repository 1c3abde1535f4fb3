import { describe, expect, it } from 'vitest';
import { contract } from '@campsite/shared/contract/index';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { ALL_SERVICE_WORDS } from './words';

describe('the services calls and words of the guest app', () => {
  const declared = Object.values(contract).flatMap((resource) => Object.values(resource));
  it.each(Object.entries(guestCalls.guestServices))('%s is a call of the contract with the same access', (_, def) => {
    const found = declared.find((d) => d.path === def.path && d.method === def.method);
    expect(found, def.path).toBeDefined();
    expect(found!.access).toBe(def.access);
  });

  it('has every word in the seven languages', () => {
    for (const [key, list] of Object.entries(ALL_SERVICE_WORDS)) {
      expect(list, key).toHaveLength(7);
      for (const text of list) expect(text.trim(), key).not.toBe('');
    }
  });
});
