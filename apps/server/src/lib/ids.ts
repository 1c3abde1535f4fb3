import { randomBytes } from 'node:crypto';

/** 24 hexadecimal characters, the shape of the spec's `_id`. */
export const newId = () => randomBytes(12).toString('hex');
