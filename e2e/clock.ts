import { writeFileSync } from 'node:fs';
import { test as base } from '@playwright/test';

// The journeys' clock (issue 31). The server seeds the demo around its 'today' once, when it starts; a run
// crossing midnight in Paris then found yesterday's demo (journeys failed after 23:00 UTC). Every clock of a
// run now reads the same pinned time: 12:00 in Paris on the day the run started, plus the time elapsed since.
// The server adds CLOCK_OFFSET_FILE's seconds to its clock, every page's clock is Playwright's, installed
// at that time in each browser context, and the journeys' own code asks `now()`. A run shorter than twelve
// hours never leaves its day, whatever the hour it starts at, and quiet hours or the evening never come.

/** Seconds to add to the machine's clock so that it reads 12:00 in Paris on the current Paris day. */
export function noonOffset(nowMs = Date.now()): number {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(nowMs);
  const noonUtc = Date.parse(`${day}T12:00:00Z`);
  // Paris's offset from UTC at that hour (one or two hours)
  const shown = Date.parse(`${new Date(noonUtc).toLocaleString('sv-SE', { timeZone: 'Europe/Paris' }).replace(' ', 'T')}Z`);
  return Math.round((noonUtc - (shown - noonUtc) - nowMs) / 1000);
}

/**
 * The offset of the whole run, chosen once: playwright.config.ts sets E2E_CLOCK_BASE when it is first read
 * (the runner's process) and the workers and the server inherit it.
 */
export const CLOCK_BASE = Number(process.env.E2E_CLOCK_BASE ?? 0);

/** The journeys' time in milliseconds: the server's clock as CLOCK_BASE pins it. */
export const nowMs = () => Date.now() + CLOCK_BASE * 1000;

const DATA = `.tmp/e2e-data-${Number(process.env.E2E_PORT ?? 3210)}`;
/** The file the server reads its offset from (CLOCK_OFFSET_FILE). */
export const CLOCK_FILE = `${DATA}/clock-offset`;

/** Moves the server's clock `seconds` past the run's pinned time (0: back to it). */
export function moveServerClock(seconds: number) {
  writeFileSync(CLOCK_FILE, String(CLOCK_BASE + seconds));
}

/** Whether the running test's new browser contexts get the pinned clock (its `pinPageClock` option). */
let pinning = true;

/**
 * Playwright's test, with every browser context's clock installed at the run's pinned time. A journey that
 * reads what the clock's stand-in hides (the page's performance entries) or that compares the page's time
 * with its service worker's (which keeps the machine's clock) opts out: `test.use({ pinPageClock: false })`;
 * its pages then read the machine's time, the same day but for an hour or two.
 */
export const test = base.extend<{ pinPageClock: boolean; pinned: void }>({
  pinPageClock: [true, { option: true }],
  pinned: [
    async ({ pinPageClock }, use) => {
      pinning = pinPageClock;
      await use();
      pinning = true;
    },
    { auto: true },
  ],
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (pinning) await context.clock.install({ time: nowMs() });
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
