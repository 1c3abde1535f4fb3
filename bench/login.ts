// `npm run bench:login`: how long a failed sign-in takes for a known identifier (wrong password) and for
// an unknown one. They should be alike: an unknown identifier is checked against a decoy hash of the same
// cost, so the time of the answer does not tell which identifiers exist. A benchmark: it prints, it asserts nothing.
import { testApp } from '../apps/server/src/testing/harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

async function main() {
  const t = await testApp();
  const { username } = await t.signIn({}, 'existe');
  const time = async (login: string, i: number) => {
    const start = process.hrtime.bigint();
    // each from its own address, so that the limits of the sign-in never answer first
    await t.app.inject({ method: 'POST', url: '/api/dashboard/users/login', payload: { login, password: 'faux' }, remoteAddress: `10.9.${i >> 8}.${i & 255}` });
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    known.push(await time(username, 2 * i));
    unknown.push(await time(`personne-${i}`, 2 * i + 1));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`failed sign-in, median of ${ROUNDS}: known identifier ${median(known).toFixed(1)} ms, unknown identifier ${median(unknown).toFixed(1)} ms`);
  await t.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
