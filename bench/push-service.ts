// The tests' local HTTPS push service in a process of its own for `npm run bench:push` (docs/performance.md,
// "Push notifications"): its TLS, HTTP parsing and VAPID checks no longer take the sender's CPU. It does not
// decrypt; it prints its host once listening, then the count of pushes accepted whenever asked ('count').
import { startPushEndpoint } from '../apps/server/src/testing/push-endpoint';

const push = await startPushEndpoint({ decrypt: false });
console.log(`host ${push.host}`);
process.stdin.setEncoding('utf8').on('data', (line: string) => {
  if (line.includes('count')) console.log(`count ${push.received.length}`);
});
process.stdin.on('end', () => void push.close().then(() => process.exit(0)));
