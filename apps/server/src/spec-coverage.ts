// `npm run spec:coverage`: how many lines of the spec's calls.md (copy in docs/spec/calls.md) the server serves.
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { readEnv } from './env';
import { served } from './http/calls';
import { specLines } from './spec/calls-table';

const database = await openDatabase({ memory: true });
await migrate(database);
const app = await buildApp({ database, env: readEnv({ SEED: 'none' }), serves: 'none' });
await app.ready();
const lines = specLines();
const missing = lines.filter((l) => !l.calls.every((c) => served.has(c)));
console.log(`${lines.length - missing.length} of ${lines.length} lines of calls.md served`);
if (process.argv.includes('--missing')) for (const l of missing) console.log(`  not served: ${l.line}`);
await app.close();
await database.close();
