import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUEST_CALLS_FILE, forTheGuestApp, guestCallsSource } from './guest-calls.make';
import { guestCalls } from './guest-calls';
import { contract } from './index';

describe("the guest app's calls", () => {
  it('are what the contract makes of them (npm run contract:guest-calls)', () => {
    expect(readFileSync(GUEST_CALLS_FILE, 'utf8')).toBe(guestCallsSource());
  });

  it("are the contract's calls, with their method, path, access and plan", () => {
    const declared = Object.entries(contract).flatMap(([resource, defs]) => Object.entries(defs).filter(([, d]) => forTheGuestApp(d)).map(([name, d]) => [resource, name, d] as const));
    const table = guestCalls as Record<string, Record<string, object>>;
    for (const [resource, name, d] of declared) {
      expect(table[resource]?.[name], `${resource}.${name}`).toEqual({ method: d.method, path: d.path, access: d.access, ...(d.plan ? { plan: d.plan } : {}) });
    }
    expect(Object.values(table).flatMap((r) => Object.keys(r))).toHaveLength(declared.length);
  });

  it('carry no zod: the guest app imports them without the schemas', () => {
    const source = readFileSync(GUEST_CALLS_FILE, 'utf8');
    expect(source.match(/^import (?!type ).*$/gm)).toEqual(["import { ref } from './call-ref';"]);
    expect(readFileSync(new URL('./call-ref.ts', import.meta.url), 'utf8')).not.toMatch(/^import (?!type )/m);
  });

  it('of the premium plan say what they answer without it (the server answers it, no area checks by hand)', () => {
    const planned = Object.values(contract).flatMap((defs) => Object.values(defs)).filter((d) => d.access !== 'dashboard' && d.plan);
    expect(planned.length).toBeGreaterThan(0);
    for (const d of planned) expect(d.withoutPlan, d.path).toBeDefined();
  });
});
