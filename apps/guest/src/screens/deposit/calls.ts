/** The guest's deposit call: method and path only (the contract's zod stays out of the app's download), checked by calls.test.ts. */
import type { CallDef } from '@campsite/shared/contract/call';
import type { deposits } from '@campsite/shared/contract/deposits';

const def = <C extends CallDef>(method: 'GET' | 'POST', path: string) => ({ method, path, access: 'guest' }) as unknown as C;

export const depositCalls = {
  mine: def<typeof deposits.mine>('GET', 'webapp/deposits/mine'),
};
