import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { run, stopAll } from '../../testing/processes';

const dirs: string[] = [];
afterEach(async () => {
  await stopAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('push encryption threads', () => {
  // a server stopping, a script or a bench ending, must not wait for the encryption threads: a 'message'
  // listener added after `unref()` made them hold the process for ever (bench/push.ts never ended)
  it('never keep a process alive once its pushes are encrypted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'push-crypto-'));
    dirs.push(dir);
    const script = join(dir, 'encrypt-once.mts');
    const device = createECDH('prime256v1').generateKeys().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    writeFileSync(
      script,
      `import { encryptPush } from ${JSON.stringify(fileURLToPath(new URL('./push-crypto.ts', import.meta.url)))};
const body = await encryptPush(${JSON.stringify(device)}, ${JSON.stringify(auth)}, 'Marché nocturne ce soir');
console.log('encrypted ' + body.length + ' bytes');
`,
    );
    const child = run(process.execPath, ['--import', 'tsx', script]);
    // aes128gcm: the header (salt, record size, the sender's 65-byte key), the text, its delimiter, the tag
    const size = 16 + 4 + 1 + 65 + Buffer.byteLength('Marché nocturne ce soir') + 1 + 16;
    expect(await child.line(/^encrypted \d+ bytes$/)).toBe(`encrypted ${size} bytes`);
    // the script has nothing left to do: its process ends by itself, with no error
    expect(await child.exited).toBe(0);
  });
});
