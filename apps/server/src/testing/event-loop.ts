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
 * Runs `work` while a light call (`light`, which throws on a wrong answer) is due every 50 ms, and
 * measures how the server kept answering. Measured from when a call was due: a loop held while it waited
 * for its turn counts too.
 */
export async function whileResponsive<T>(light: () => Promise<void>, work: () => Promise<T>): Promise<Responsiveness & { result: T }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let running = true;
  let slowest = 0;
  let calls = 0;
  const prober = (async () => {
    while (running) {
      const due = performance.now() + 50;
      await new Promise((r) => setTimeout(r, 50));
      await light();
      slowest = Math.max(slowest, performance.now() - due);
      calls++;
    }
  })();
  try {
    const result = await work();
    return { result, slowest: Math.round(slowest), loopMax: Math.round(histogram.max / 1e6), calls };
  } finally {
    running = false;
    await prober;
    histogram.disable();
  }
}
