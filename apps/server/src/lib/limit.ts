/**
 * At most `slots` of the functions given run at once; the others wait their turn, first come first
 * served. For work that takes much memory or CPU for a while (decoding and resizing images).
 */
export function limiter(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= slots) await new Promise<void>((turn) => waiting.push(turn));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
