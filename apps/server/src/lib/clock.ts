import { readFileSync } from 'node:fs';

/**
 * The server's clock in epoch seconds. With CLOCK_OFFSET_FILE (browser journeys only) the seconds
 * written in that file are added, so that a journey can move time forward (a campaign planned two
 * minutes ahead is sent without waiting two real minutes). Without it, the machine's clock.
 */
export function systemClock(offsetFile?: string): () => number {
  if (!offsetFile) return () => Math.floor(Date.now() / 1000);
  let read = 0;
  let offset = 0;
  return () => {
    const ms = Date.now();
    if (ms - read > 200) {
      read = ms;
      try {
        offset = Number(readFileSync(offsetFile, 'utf8').trim()) || 0;
      } catch {
        offset = 0;
      }
    }
    return Math.floor(ms / 1000) + offset;
  };
}
