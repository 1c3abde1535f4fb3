/**
 * Multi-site mode (src/sites): the jobs one process runs at once across all its sites, shared between the
 * sites' schedulers. A scheduler takes slots before it claims jobs and gives back those it did not use and
 * each one whose job ended; one that found none waits in line, and a freed slot goes to the site waiting
 * longest, so that one site's thousand queued mails do not keep the others' jobs waiting.
 */
export class JobSlots {
  private used = 0;
  private line: (() => void)[] = [];

  constructor(readonly max: number) {}

  /** Takes up to `n` slots; answers how many it took (none: `onFree` is called when one frees). */
  take(n: number, onFree: () => void): number {
    const taken = Math.max(0, Math.min(n, this.max - this.used));
    this.used += taken;
    if (taken < n && !this.line.includes(onFree)) this.line.push(onFree);
    return taken;
  }

  giveBack(n: number) {
    this.used -= n;
    // the sites waiting longest ask first (each asks on a timer: they take in this order)
    for (let free = this.max - this.used; free > 0 && this.line.length; free--) this.line.shift()!();
  }

  get running() {
    return this.used;
  }
}
