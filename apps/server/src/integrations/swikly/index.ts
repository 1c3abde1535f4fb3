import type { Env } from '../../env';
import { startSimulator, type Simulator } from './simulator';
import { dashboardBase } from '../../lib/guest-url';

export { SwiklyClient, SwiklyError, SWIKLY_LANGS, type CreateRequest, type RequestStatus, type SwiklyRequest } from './client';
export { checkSignature, signatureHeader, SIGNATURE_HEADER, SIGNATURE_TOLERANCE } from './signature';
export { startSimulator, type AfterCreate, type OnAction, type SimRequest, type Simulator } from './simulator';

/** Swikly's production API (next-areas.md; the sandbox is https://api.sandbox.swikly.com/v1). */
export const SWIKLY_LIVE_URL = 'https://api.v2.swikly.com/v1';

/** Which implementation the configuration chooses, and where it is (README 'Swikly'). */
export function swiklySettings(env: Env) {
  const mode = env.SWIKLY ?? (env.NODE_ENV === 'production' ? 'live' : 'simulator');
  const simulatorPort = env.SWIKLY_SIMULATOR_PORT ?? env.PORT + 7;
  return {
    mode,
    simulatorPort,
    baseUrl: env.SWIKLY_URL ?? (mode === 'live' ? SWIKLY_LIVE_URL : `http://127.0.0.1:${simulatorPort}/v1`),
    callbackUrl: env.SWIKLY_CALLBACK_URL ?? `${dashboardBase(env)}/api/webapp/deposits/callback`,
  } as const;
}

let running: Promise<Simulator> | null = null;
let users = 0;

/**
 * The server's own simulator, started when a port starts listening in simulator mode (both ports of one
 * process share it), stopped with the last. Tests start theirs with startSimulator and name it in SWIKLY_URL.
 */
export async function openSimulator(env: Env, now: () => number): Promise<void> {
  const s = swiklySettings(env);
  if (s.mode !== 'simulator' || env.SWIKLY_URL) return;
  users++;
  // signed with the server's clock (a journey may move it forward): a callback is never stale for it
  running ??= startSimulator({ port: s.simulatorPort, host: env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST, now });
  try {
    await running;
  } catch (err) {
    // the port is taken (another server on this machine): no simulator, and the next start tries again
    users--;
    running = null;
    throw err;
  }
}
export async function closeSimulator(): Promise<void> {
  if (!running || --users > 0) return;
  const sim = running;
  running = null;
  await (await sim).close();
}
