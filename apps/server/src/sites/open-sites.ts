import type { FastifyBaseLogger } from 'fastify';
import { nextDue } from '../jobs/store';
import { recordNextJob, sitesWithJobsDue, type Control, type Site } from './control';
import { closeSite, openSite, type RuntimeOptions, type SiteRuntime } from './runtime';

/** Closed sites opened by one sweep for their due jobs, at most (the next sweep takes the next ones). */
const JOB_OPENS_PER_SWEEP = 5;

/**
 * The sites open in this process: opened on their first request, closed after `idleSeconds` without one,
 * at most `maxOpen` at once (opening one more closes the least recently used idle one first; when every
 * open site is busy the new one opens anyway, and the next sweep brings the count down).
 */
export class OpenSites {
  private open = new Map<number, SiteRuntime & { url: string }>();
  private opening = new Map<number, Promise<SiteRuntime & { url: string }>>();
  /** taken out of service (its site removed, moved or suspended): closed once its last request ends */
  private retired = new Set<SiteRuntime>();
  private timer: NodeJS.Timeout;

  constructor(
    private opts: RuntimeOptions & { idleSeconds: number; maxOpen: number; log: FastifyBaseLogger; control: Control },
  ) {
    this.timer = setInterval(() => void this.sweep(), Math.min(30_000, (opts.idleSeconds * 1000) / 2));
    this.timer.unref();
  }

  get count() {
    return this.open.size;
  }

  /** The site's runtime, opened now if needed (two requests at once open it once). */
  async get(site: Site): Promise<SiteRuntime> {
    const found = this.open.get(site.id);
    if (found) return found;
    let opening = this.opening.get(site.id);
    if (!opening) {
      opening = (async () => {
        await this.makeRoom();
        const runtime = Object.assign(await openSite(site, this.opts), { url: site.databaseUrl });
        this.open.set(site.id, runtime);
        return runtime;
      })().finally(() => this.opening.delete(site.id));
      this.opening.set(site.id, opening);
    }
    return opening;
  }

  /** An open site's answer cache (changes.ts). */
  cacheOf(id: number) {
    return this.open.get(id)?.deps.cache;
  }

  /** Every open site's answer cache. */
  *caches() {
    for (const runtime of this.open.values()) yield runtime.deps.cache;
  }

  /** The last request of each open site, in epoch seconds (the operator console's health: sites/operator/health.ts). */
  lastRequests(): Map<number, number> {
    return new Map([...this.open.values()].map((r) => [r.id, Math.floor(r.lastUsed / 1000)]));
  }

  /** A request of this runtime ended: a retired one closes with its last. */
  ended(runtime: SiteRuntime) {
    runtime.inFlight--;
    runtime.lastUsed = Date.now();
    if (runtime.inFlight === 0 && this.retired.delete(runtime)) void this.close(runtime);
  }

  /** After the control database changed: a site removed, moved to another database or suspended is retired. */
  follow(before: Map<number, Site>, sites: Map<number, Site>) {
    for (const runtime of this.open.values()) {
      const site = sites.get(runtime.id);
      if (!site || site.databaseUrl !== runtime.url || site.state !== 'active') {
        this.retire(runtime);
        // a live stream would keep it open for hours: it ends, and the browser's reconnection gets the 503
        for (const stream of runtime.streams) stream.destroy();
      }
      // its plan changed: the cached answers that carry it (the public configuration) are read again
      else if (site.plan !== before.get(runtime.id)?.plan) runtime.deps.cache.changed();
    }
  }

  private retire(runtime: SiteRuntime) {
    this.open.delete(runtime.id);
    if (runtime.inFlight === 0) void this.close(runtime);
    else this.retired.add(runtime);
  }

  private async makeRoom() {
    if (this.open.size < this.opts.maxOpen) return;
    const idle = [...this.open.values()].filter((r) => r.inFlight === 0).sort((a, b) => a.lastUsed - b.lastUsed)[0];
    if (idle) this.retire(idle);
  }

  /**
   * Closes the sites idle for longer than `idleSeconds` (no request, no job running), and the oldest idle
   * ones above the ceiling; then opens closed sites whose next job is due, a few at a time, the longest
   * waiting first (JOBS=on): they run their jobs and close again when idle.
   */
  async sweep() {
    const limit = Date.now() - this.opts.idleSeconds * 1000;
    for (const runtime of this.open.values()) if (runtime.inFlight === 0 && !runtime.deps.jobs.busy && runtime.lastUsed < limit) this.retire(runtime);
    while (this.open.size > this.opts.maxOpen && [...this.open.values()].some((r) => r.inFlight === 0)) await this.makeRoom();
    if (this.opts.env.JOBS !== 'on') return;
    const room = Math.min(JOB_OPENS_PER_SWEEP, this.opts.maxOpen - this.open.size - this.opening.size);
    if (room <= 0) return;
    try {
      const due = await sitesWithJobsDue(this.opts.control, Math.floor(Date.now() / 1000), room + this.open.size);
      const closed = due.map((id) => this.opts.current(id)).filter((s): s is Site => !!s && s.state === 'active' && !this.open.has(s.id) && !this.opening.has(s.id));
      await Promise.allSettled(closed.slice(0, room).map((site) => this.get(site)));
    } catch (err) {
      this.opts.log.error({ err }, 'sites aux tâches dues : lecture impossible');
    }
  }

  /** Closes a site, after recording in the control database when its next job is due (the sweep opens it then). */
  private async close(runtime: SiteRuntime) {
    try {
      if (this.opts.env.JOBS === 'on') await recordNextJob(this.opts.control, runtime.id, await nextDue(runtime.deps.db));
    } catch (err) {
      this.opts.log.error({ err, site: runtime.id }, 'prochaine tâche du site : enregistrement impossible');
    }
    try {
      await closeSite(runtime);
      this.opts.changes.forget(runtime.id);
    } catch (err) {
      this.opts.log.error({ err, site: runtime.id }, 'fermeture du site : échec');
    }
  }

  async closeAll() {
    clearInterval(this.timer);
    await Promise.allSettled([...this.opening.values()]);
    const all = [...this.open.values(), ...this.retired];
    this.open.clear();
    this.retired.clear();
    await Promise.allSettled(all.map((r) => this.close(r)));
  }
}
