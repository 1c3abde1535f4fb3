/** The guest's message calls: method and path only (the contract's zod stays out of the app's download), checked by calls.test.ts. */
import type { CallDef } from '@campsite/shared/contract/call';
import type { chat as c } from '@campsite/shared/contract/chat';

const def = <C extends CallDef>(method: 'GET' | 'POST', path: string) => ({ method, path, access: 'guest' }) as unknown as C;

export const chatCalls = {
  mine: def<typeof c.mine>('GET', 'webapp/chat/conversations'),
  thread: def<typeof c.thread>('POST', 'webapp/chat/thread'),
  start: def<typeof c.start>('POST', 'webapp/chat/start'),
  send: def<typeof c.send>('POST', 'webapp/chat/send'),
  photo: def<typeof c.photo>('POST', 'webapp/chat/photo'),
  guestPicture: def<typeof c.guestPicture>('GET', 'webapp/chat/picture'),
  guestStream: def<typeof c.guestStream>('GET', 'webapp/chat/stream'),
};
