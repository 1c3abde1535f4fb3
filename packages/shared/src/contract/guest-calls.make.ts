/*
 * Makes guest-calls.ts from the contract: `npx tsx packages/shared/src/contract/guest-calls.make.ts`
 * (`npm run contract:guest-calls`). The test beside it fails while the file differs from what this makes,
 * so a call changed in the contract is changed in the guest app by running it again.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CallDef } from './call';
import { contract } from './index';

/** The calls the guest app may make: the guest's, the public ones of the app, and the stored files' images. */
export const forTheGuestApp = (c: CallDef) => c.access === 'guest' || (c.access === 'public' && (c.path.startsWith('webapp/') || c.path.startsWith('dashboard/files/')));

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function guestCallsSource(calls: Record<string, Record<string, CallDef>> = contract): string {
  const lines = [
    '// Made from the contract by guest-calls.make.ts (`npm run contract:guest-calls`): do not edit; guest-calls.test.ts',
    '// fails while it differs. Zod-free: the guest app calls these; their types are the contract\'s.',
    "import type { contract as c } from './index';",
    "import { ref } from './call-ref';",
    '',
    '/** Every call of the guest app, by the contract\'s resource and name. */',
    'export const guestCalls = {',
  ];
  for (const [resource, defs] of Object.entries(calls)) {
    const mine = Object.entries(defs).filter(([, d]) => forTheGuestApp(d));
    if (!mine.length) continue;
    lines.push(`  ${resource}: {`);
    for (const [name, d] of mine) {
      const args = [quote(d.method), quote(d.path), quote(d.access), ...(d.plan ? [quote(d.plan)] : [])];
      lines.push(`    ${name}: ref<typeof c.${resource}.${name}>(${args.join(', ')}),`);
    }
    lines.push('  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}

export const GUEST_CALLS_FILE = fileURLToPath(new URL('./guest-calls.ts', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(GUEST_CALLS_FILE, guestCallsSource());
