/**
 * Loaded into a real server process by a test (`node --import tsx --import <this file>`), never by the
 * server itself: this process's clock (Date.now, which the server's clock reads) is CLOCK_SKEW_SECONDS
 * ahead of the machine's, as on a machine whose clock is wrong (issue 29: two instances whose clocks differ).
 */
const skewMs = Number(process.env.CLOCK_SKEW_SECONDS ?? 0) * 1000;
const realNow = Date.now.bind(Date);
Date.now = () => realNow() + skewMs;
