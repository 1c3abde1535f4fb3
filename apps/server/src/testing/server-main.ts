import { inject } from 'vitest';

/** The server bundled for this test run (testing/build-server.ts): `node <it>` starts it as `npm start` does. */
export const serverMain = (): string => inject('serverMain');
