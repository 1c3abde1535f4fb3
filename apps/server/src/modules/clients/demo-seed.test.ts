import { describe, expect, it } from 'vitest';
import { clients, dashboardUsers, stays, webappUsers } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { demoDatabase } from '../../testing/demo';
import { DEMO_GUEST_PASSWORD, DEMO_STAFF_PASSWORD } from '../../seed/people';

const DAY = 86400;

describe('the demo people (SEED=demo)', () => {
  it('300 client files with stays around today, 120 guest accounts on their stays, 3 staff members with different flags', async () => {
    const { database, deps } = await demoDatabase({ DATA_DIR: '.tmp/seed-people-test' });
    const now = deps.now();

    const files = await deps.db.select().from(clients);
    const held = await deps.db.select().from(stays);
    const guests = await deps.db.select().from(webappUsers);
    const staff = (await deps.db.select().from(dashboardUsers)).filter((u) => u.username !== 'admin');

    expect(files).toHaveLength(300);
    expect(new Set(files.map((c) => c.activationCode)).size).toBe(300);
    // on site today: a fair share of the files, and stays before and after today
    const onSite = held.filter((s) => s.arrival <= now && now < s.departure + DAY);
    expect(onSite.length).toBeGreaterThanOrEqual(30);
    expect(held.some((s) => s.departure < now - DAY)).toBe(true);
    expect(held.some((s) => s.arrival > now + DAY)).toBe(true);
    expect(held.every((s) => s.departure >= s.arrival && files.some((c) => c.clientNumber === s.clientNumber))).toBe(true);

    expect(guests).toHaveLength(120);
    expect(guests.some((g) => g.userType === 'participant')).toBe(true);
    for (const g of guests) {
      // each on a stay of their own client file, never created in the future
      const stay = held.find((s) => s.stayNumber === g.stayNumber);
      expect({ id: g.id, client: stay?.clientNumber, future: g.createdTime > now }).toEqual({ id: g.id, client: g.clientNumber, future: false });
    }
    // participants join their primary's stay
    for (const p of guests.filter((g) => g.userType === 'participant')) {
      const primary = guests.find((g) => g.userType === 'primary' && g.clientNumber === p.clientNumber);
      expect(primary?.stayNumber).toBe(p.stayNumber);
    }
    expect(await verifyPassword(DEMO_GUEST_PASSWORD, guests[0].passwordHash!)).toBe(true);

    expect(staff.map((u) => u.username).sort()).toEqual(['accueil', 'animation', 'direction']);
    expect(new Set(staff.map((u) => JSON.stringify(u.permissions))).size).toBe(3);
    expect(await verifyPassword(DEMO_STAFF_PASSWORD, staff[0].passwordHash)).toBe(true);
    await database.close();
    // the demo's seeding (or the wait for another file's) is in the test: a loaded machine takes a while
  }, 120_000);
});
