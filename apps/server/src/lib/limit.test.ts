import { describe, expect, it } from 'vitest';
import { limiter } from './limit';

describe('limiter', () => {
  it('never runs more than its slots at once, runs everything, in the order asked, and survives a failure', async () => {
    const run = limiter(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const jobs = Array.from({ length: 8 }, (_, i) =>
      run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await new Promise((r) => setTimeout(r, 5));
        now--;
        if (i === 3) throw new Error('échec');
        return i;
      }),
    );
    const results = await Promise.allSettled(jobs);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(await run(async () => 'encore')).toBe('encore');
  });
});
