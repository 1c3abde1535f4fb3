import { describe, expect, it } from 'vitest';
import { chat } from '@campsite/shared/contract/chat';
import { ALL_CHAT_WORDS } from '../../lib/chat-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';

describe('the guest messages screen', () => {
  it('calls the contract paths', () => {
    for (const [k, c] of Object.entries(guestCalls.chat)) {
      const real = chat[k as keyof typeof chat];
      expect([c.method, c.path]).toEqual([real.method, real.path]);
    }
  });
  it('has every word in the seven languages', () => {
    for (const [k, list] of Object.entries(ALL_CHAT_WORDS)) expect(list.filter((x) => x.trim()).length, k).toBe(7);
  });
});
