import { expect } from 'vitest';

/**
 * A refused input: a 400 whose French sentence is `message` on `field`. That nothing was written is for
 * each test to check (counting rows before and after), as what to count depends on the call.
 */
export function expect400(res: { statusCode: number; json(): { message: string; fields: Record<string, string> } }, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().fields[field]).toBe(message);
}
