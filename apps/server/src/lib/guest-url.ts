import type { Env } from '../env';

/** The guest app's address, for the links the server hands out (mails, deposits, reviews, chat). */
export const guestBase = (deps: { env: Pick<Env, 'GUEST_URL' | 'GUEST_PORT'> }) => deps.env.GUEST_URL ?? `http://localhost:${deps.env.GUEST_PORT}`;
