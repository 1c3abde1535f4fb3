import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Permissions } from '@campsite/shared';
import { auditLog, dashboardUsers } from '../../db/schema';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';

// Issue 18, privilege: nobody ends up able to use a flag a super user did not give them. A holder of the
// users flag resets only colleagues whose flags they all hold; the owner is told by e-mail; every change
// of a credential or of the flags is in the audit log, which only super users read.

let smtp: MailServer;
let t: TestApp;
const refused = new Set<string>();
beforeAll(async () => {
  smtp = await startMailServer({ refuse: (address) => (refused.has(address) ? 'Mailbox unavailable' : null) });
  t = await testApp({ mailer: smtp.mailer });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
});

type Member = { cookie: string; userId: string; username: string };
const account = (u: Member, extra: Record<string, unknown> = {}) => ({
  id: u.userId, lastname: 'Test', firstname: 'Agent', email: `${u.username}@camping.test`, username: u.username, ...extra,
});
const row = async (id: string) => (await t.deps.db.select().from(dashboardUsers).where(eq(dashboardUsers.id, id)))[0];
const auditOf = async (id: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
const signsIn = async (username: string, password: string) => (await t.post('dashboard/users/login', { login: username, password })).json() !== false;
/**
 * The notice is a job queued with the change (users.jobs.ts), and the harness runs no scheduler: the due
 * jobs are run here, as the scheduler would right after the answer.
 */
const sent = async (n: number) => {
  await t.deps.jobs.runDue();
  await smtp.waitFor(n);
};
/** Waits for a mail that must not come (a notice leaves within milliseconds of its job on this server). */
const noMail = async () => {
  await t.deps.jobs.runDue();
  await new Promise((r) => setTimeout(r, 500));
  expect(smtp.mails).toEqual([]);
};

const RECEPTION: Partial<Permissions> = { users: 1, rubrics: 1, activities: 1 };
const MANAGER: Partial<Permissions> = { users: 1, rubrics: 1, activities: 1, stats: 1, params: 1 };

describe('another staff member\'s password, e-mail or identifier', () => {
  it('a receptionist with the users flag cannot reset the manager (who holds flags they do not): 403, nothing changed, no mail, no log', async () => {
    const reception = await t.signIn(RECEPTION, 'accueil');
    const manager = await t.signIn(MANAGER, 'directrice');
    const before = await row(manager.userId);
    for (const change of [{ password: 'pris-en-otage' }, { email: 'pirate@evil.test' }, { username: 'directrice-volee' }]) {
      const res = await t.post('dashboard/users/update', account(manager, change), reception.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        "Vous ne pouvez modifier l'identifiant, l'adresse e-mail ou le mot de passe que d'un compte dont vous détenez toutes les permissions.",
      );
    }
    expect(await row(manager.userId)).toEqual(before);
    expect(await signsIn('directrice', 'pris-en-otage')).toBe(false);
    expect((await t.get('dashboard/users/session', manager.cookie)).json()).not.toBe(false);
    expect(await auditOf(manager.userId)).toEqual([]);
    await noMail();
    // the manager's names are no credential: the receptionist may still correct them
    expect((await t.post('dashboard/users/update', account(manager, { lastname: 'Durand' }), reception.cookie)).json().lastname).toBe('Durand');
    expect(await auditOf(manager.userId)).toEqual([]);
  });

  it('a receptionist resets a colleague whose flags they all hold: the owner is told at their address, the change is logged', async () => {
    const reception = await t.signIn(RECEPTION, 'accueil2');
    const seasonal = await t.signIn({ rubrics: 1 }, 'saisonnier');
    const res = await t.post('dashboard/users/update', account(seasonal, { password: 'nouveau-depart' }), reception.cookie);
    expect(res.statusCode).toBe(200);
    expect(await signsIn('saisonnier', 'nouveau-depart')).toBe(true);
    await sent(1);
    const [mail] = smtp.mails;
    expect(mail.to).toEqual(['saisonnier@camping.test']);
    expect(mail.subject).toBe('Mon établissement — Votre compte du dashboard a été modifié');
    expect(mail.text).toContain('Bonjour Agent,');
    expect(mail.text).toMatch(/Votre compte du dashboard a été modifié le .+, par Agent Test \(accueil2\) : mot de passe\./);
    expect(mail.text).toContain("Si vous n'êtes pas à l'origine de cette modification, prévenez sans attendre un administrateur du dashboard.");
    expect(mail.html).not.toContain('nouveau-depart');
    const [entry] = await auditOf(seasonal.userId);
    expect(entry).toMatchObject({ actorId: reception.userId, actorUsername: 'accueil2', targetUsername: 'saisonnier', changes: ['password'], detail: {} });
    expect(entry.time).toBeGreaterThan(0);
  });

  it('a super user resets the manager; a change of e-mail is told at the former address', async () => {
    const boss = await t.signIn({ super: 1 }, 'patronne');
    const manager = await t.signIn(MANAGER, 'gerant');
    const res = await t.post('dashboard/users/update', account(manager, { password: 'remis-a-zero', email: 'gerant@nouveau.test' }), boss.cookie);
    expect(res.json()).toMatchObject({ email: 'gerant@nouveau.test' });
    await sent(1);
    expect(smtp.mails[0].to).toEqual(['gerant@camping.test']);
    expect(smtp.mails[0].text).toMatch(/par Agent Test \(patronne\) : mot de passe, adresse e-mail\./);
    expect(smtp.mails[0].text).toContain('Votre nouvelle adresse e-mail : gerant@nouveau.test');
    const [entry] = await auditOf(manager.userId);
    expect(entry).toMatchObject({ actorId: boss.userId, changes: ['password', 'email'], detail: { email: { from: 'gerant@camping.test', to: 'gerant@nouveau.test' } } });
  });

  it('a super user\'s account stays a super user\'s to change, whatever flags the actor holds', async () => {
    const boss = await t.signIn({ super: 1, users: 1 }, 'fondateur');
    const almost = await t.signIn({ users: 1, rubrics: 1, activities: 1, services: 1, reviews: 1, stats: 1, emails: 1, inventories: 1, deposits: 1, notifications: 1, params: 1, homepage: 1 });
    const res = await t.post('dashboard/users/update', account(boss, { password: 'pris-en-otage' }), almost.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Seul un administrateur peut modifier l'identifiant, l'adresse e-mail ou le mot de passe d'un administrateur.");
    await noMail();
  });

  it('one\'s own new password and identifier are told too, as made from one\'s own session', async () => {
    const me = await t.signIn({}, 'moi-meme');
    const res = await t.post('dashboard/users/update', account(me, { username: 'moi-meme-2', password: 'nouveau-mdp-1', current_password: 'motdepasse-test' }), me.cookie);
    expect(res.statusCode).toBe(200);
    await sent(1);
    expect(smtp.mails[0].to).toEqual(['moi-meme@camping.test']);
    expect(smtp.mails[0].text).toMatch(/depuis votre propre session : mot de passe, identifiant\./);
    expect(smtp.mails[0].text).toContain('Votre nouvel identifiant : moi-meme-2');
    expect((await auditOf(me.userId))[0]).toMatchObject({ actorId: me.userId, changes: ['password', 'username'], detail: { username: { from: 'moi-meme', to: 'moi-meme-2' } } });
  });

  it('a notice the mail server refuses does not undo the change', async () => {
    const boss = await t.signIn({ super: 1 });
    const member = await t.signIn({}, 'boite-pleine');
    refused.add('boite-pleine@camping.test');
    const res = await t.post('dashboard/users/update', account(member, { password: 'quand-meme-1' }), boss.cookie);
    expect(res.statusCode).toBe(200);
    // the notice's job meets the refusal, and ends (no retry: the mailbox will not appear)
    await t.deps.jobs.runDue();
    expect(smtp.mails).toEqual([]);
    expect(await signsIn('boite-pleine', 'quand-meme-1')).toBe(true);
    expect(await auditOf(member.userId)).toHaveLength(1);
  });

  it('flags are given by a super user only, and each grant is logged (no mail: the owner sees them on signing in)', async () => {
    const manager = await t.signIn(MANAGER);
    const member = await t.signIn({ rubrics: 1 });
    const grant = await t.post('dashboard/users/update', account(member, { permissions: { rubrics: 1, stats: 1 } }), manager.cookie);
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('Seul un administrateur peut modifier les permissions.');
    expect((await row(member.userId)).permissions.stats).toBe(0);
    const boss = await t.signIn({ super: 1, users: 1 }, 'chef-flags');
    expect((await t.post('dashboard/users/update', account(member, { permissions: { rubrics: 1, stats: 1 } }), boss.cookie)).statusCode).toBe(200);
    const [entry] = await auditOf(member.userId);
    expect(entry).toMatchObject({ actorUsername: 'chef-flags', changes: ['permissions'] });
    expect(entry.detail.permissions).toMatchObject({ from: { rubrics: 1, stats: 0 }, to: { rubrics: 1, stats: 1 } });
    // flags given at creation too
    const made = await t.post('dashboard/users/insert', { lastname: 'Neuf', firstname: 'Agent', email: 'neuf@camping.test', username: 'agent-neuf', password: 'secret-123', permissions: { emails: 1 } }, boss.cookie);
    expect(await auditOf(made.json()._id)).toMatchObject([{ actorUsername: 'chef-flags', changes: ['permissions'], detail: { permissions: { from: null, to: { emails: 1, super: 0 } } } }]);
    // an account created without flags is no grant
    const plain = await t.post('dashboard/users/insert', { lastname: 'Nu', firstname: 'Agent', email: 'nu@camping.test', username: 'agent-nu', password: 'secret-123' }, manager.cookie);
    expect(await auditOf(plain.json()._id)).toEqual([]);
    await noMail();
  });

  it('the audit row is written in the transaction of the change: when it cannot be written, the password stays', async () => {
    const boss = await t.signIn({ super: 1 });
    const member = await t.signIn({}, 'sans-journal');
    await t.deps.db.execute(sql.raw(`CREATE FUNCTION audit_refused() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = '23514'; END $$`));
    await t.deps.db.execute(sql.raw('CREATE TRIGGER audit_refused BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_refused()'));
    try {
      const res = await t.post('dashboard/users/update', account(member, { password: 'jamais-ecrit' }), boss.cookie);
      expect(res.statusCode).toBe(400);
    } finally {
      await t.deps.db.execute(sql.raw('DROP TRIGGER audit_refused ON audit_log'));
      await t.deps.db.execute(sql.raw('DROP FUNCTION audit_refused()'));
    }
    expect(await signsIn('sans-journal', 'jamais-ecrit')).toBe(false);
    expect(await signsIn('sans-journal', 'motdepasse-test')).toBe(true);
    await noMail();
  });
});

describe('dashboard/audit/list', () => {
  it('is read by super users only, newest first, paged, and filtered by account', async () => {
    const boss = await t.signIn({ super: 1 }, 'lectrice');
    const manager = await t.signIn(MANAGER);
    const member = await t.signIn({}, 'journalise');
    expect((await t.get('dashboard/audit/list', manager.cookie)).statusCode).toBe(403);
    expect((await t.get('dashboard/audit/list', member.cookie)).statusCode).toBe(403);
    for (const password of ['premier-mdp-1', 'second-mdp-22']) {
      expect((await t.post('dashboard/users/update', account(member, { password }), manager.cookie)).statusCode).toBe(200);
    }
    const all = (await t.get('dashboard/audit/list?per_page=5', boss.cookie)).json();
    const total = (await t.deps.db.select().from(auditLog)).length;
    expect(all).toMatchObject({ total, page: 1, per_page: 5 });
    const mine = (await t.get(`dashboard/audit/list?user=${member.userId}`, boss.cookie)).json();
    expect(mine.total).toBe(2);
    expect(mine.rows[0]).toMatchObject({ actor: { _id: manager.userId }, target: { _id: member.userId, username: 'journalise' }, changes: ['password'] });
    expect(mine.rows[0].time).toBeGreaterThanOrEqual(mine.rows[1].time);
    expect(JSON.stringify(mine)).not.toContain('second-mdp-22');
    const bad = await t.get('dashboard/audit/list?per_page=7', boss.cookie);
    expect(bad.statusCode).toBe(400);
  });
});
