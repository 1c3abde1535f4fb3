import { afterEach, describe, expect, it, vi } from 'vitest';
import { callUrl } from '@campsite/shared/client/api';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { clearCache, peek, prefetch, refreshAll, store } from './fetch-cache';

const ME = callUrl(guestCalls.account.me);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server whose answers wait until the test lets each go, in the order asked. */
function heldServer() {
  const waiting: ((r: Response) => void)[] = [];
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((done) => waiting.push(done))));
  return { answer: (body: unknown, status = 200) => waiting.shift()!(json(body, status)), asked: () => waiting.length };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the answers kept in the guest app', () => {
  afterEach(() => {
    clearCache();
    vi.unstubAllGlobals();
  });

  it("keeps a sign-in's account when the read of 'me' asked before it answers 'signed out' after it", async () => {
    const server = heldServer();
    // the app's boot asks who is signed in; the e-mailed activation link signs the guest in meanwhile
    prefetch(guestCalls.account.me);
    const account = { _id: 'u1', firstname: 'Léa' };
    store(ME, account);
    server.answer(false);
    await settle();
    expect(peek(ME)?.data).toEqual(account);
  });

  it('asks again, after a sign-in, a read that was in flight, and keeps the new answer', async () => {
    const server = heldServer();
    const url = callUrl(guestCalls.groups.list);
    prefetch(guestCalls.groups.list);
    refreshAll([ME]);
    // the read asked before the sign-in answers the closed app's refusal: dropped
    server.answer({ message: 'Non connecté' }, 401);
    await settle();
    expect(peek(url)).toBeUndefined();
    prefetch(guestCalls.groups.list);
    expect(server.asked()).toBe(1);
    server.answer([{ _id: 'g1' }]);
    await settle();
    expect(peek(url)?.data).toEqual([{ _id: 'g1' }]);
  });
});
