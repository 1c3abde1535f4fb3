import { openDatabase, type Database } from '../db/client';
import { readSites, SITES_CHANNEL, type Control, type Site } from './control';

/** A reload even when no notification came (one lost while the listening connection was down). */
const RELOAD_MS = 5000;

/**
 * Every site of the control database, by host name, in memory: a request finds its site without a query.
 * Reloaded when the control database says a site changed (LISTEN, its trigger: within a moment on every
 * instance) and every few seconds in case a notification was missed.
 */
export class SiteMap {
  private dashboards = new Map<string, Site>();
  private guests = new Map<string, Site>();
  private ids = new Map<number, Site>();
  private listener: Database | undefined;
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;
  private again = false;

  constructor(
    private control: Control,
    /** called after each reload with the sites before and after (open sites follow their plan and state) */
    private onChange: (before: Map<number, Site>, after: Map<number, Site>) => void = () => {},
  ) {}

  find(port: 'dashboard' | 'guest', host: string): Site | undefined {
    return (port === 'dashboard' ? this.dashboards : this.guests).get(host);
  }

  /** Which app of its site a host name is (an HTTPS front on one port hands it to that port's handler). */
  roleOf(host: string): 'dashboard' | 'guest' | undefined {
    return this.dashboards.has(host) ? 'dashboard' : this.guests.has(host) ? 'guest' : undefined;
  }

  byId(id: number): Site | undefined {
    return this.ids.get(id);
  }

  get size() {
    return this.ids.size;
  }

  /** Reads the sites again; a reload asked while one runs runs once more after it (it may miss the change). */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        do {
          this.again = false;
          const sites = await readSites(this.control);
          const before = this.ids;
          this.ids = new Map(sites.map((s) => [s.id, s]));
          this.dashboards = new Map(sites.map((s) => [s.dashboardHost, s]));
          this.guests = new Map(sites.map((s) => [s.guestHost, s]));
          this.onChange(before, this.ids);
        } while (this.again);
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /** Loads the sites, then follows the control database's notifications and the periodic reload. */
  async follow() {
    await this.reload();
    this.listener = await openDatabase({ url: this.control.url, max: 1 });
    // null: the connection dropped and came back, notifications may have been missed
    await this.listener.listen(SITES_CHANNEL, () => void this.reload().catch(() => {}));
    this.timer = setInterval(() => void this.reload().catch(() => {}), RELOAD_MS);
    this.timer.unref();
  }

  async close() {
    clearInterval(this.timer);
    await this.listener?.close();
  }
}
