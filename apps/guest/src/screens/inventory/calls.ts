/** The guest's inventory calls: method and path only (the contract's zod stays out of the app's download), checked by calls.test.ts. */
import type { CallDef } from '@campsite/shared/contract/call';
import type { guestInventoryCalls as g } from '@campsite/shared/contract/inventories-guest';

const def = <C extends CallDef>(method: 'GET' | 'POST', path: string) => ({ method, path, access: 'guest' }) as unknown as C;

export const inventoryCalls = {
  mine: def<typeof g.mine>('GET', 'webapp/inventories/mine'),
  save: def<typeof g.save>('POST', 'webapp/inventories/save'),
  comment: def<typeof g.comment>('POST', 'webapp/inventories/comment'),
  addPicture: def<typeof g.addPicture>('POST', 'webapp/inventories/add-picture'),
  confirm: def<typeof g.confirm>('POST', 'webapp/inventories/confirm'),
};
