import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface Responsiveness {
  /** the slowest light call, from when it was due to its answer (ms) */
  slowest: number;
  /** the event loop's longest delay meanwhile (ms) */
  loopMax: number;
  /** light calls answered */
  calls: number;
}

/**
 * Runs `work` while a light call (`light`, which throws on a wrong answer) is made at once and then every
 * 50 ms, and measures how the server kept answering. The first call leaves with the work, so however short
 * the work is, one call was answered beside it; the call still in flight when the work ends is waited for
 * and counted. Measured from when a call was due: a loop held while it waited for its turn counts too.
 */
export async function whileResponsive<T>(light: () => Promise<void>, work: () => Promise<T>): Promise<Responsiveness & { result: T }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let running = true;
  let slowest = 0;
  let calls = 0;
  const prober = (async () => {
    let due = performance.now();
    while (running) {
      await light();
      slowest = Math.max(slowest, performance.now() - due);
      calls++;
      due = performance.now() + 50;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    const result = await work();
    running = false;
    await prober;
    return { result, slowest: Math.round(slowest), loopMax: Math.round(histogram.max / 1e6), calls };
  } finally {
    running = false;
    await prober.catch(() => undefined);
    histogram.disable();
  }
}
