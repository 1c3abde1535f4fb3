import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '@campsite/shared/contract/index';
import { fileUrl as contractFileUrl } from '@campsite/shared/contract/files';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { fileUrl } from '@campsite/shared/contract/file-urls';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

describe('the calls of the guest app', () => {
  const declared = Object.values(contract).flatMap((resource) => Object.values(resource));
  it.each(Object.values(guestCalls).flatMap((resource) => Object.entries(resource)))('%s is a call of the contract with its access', (_, def) => {
    const found = declared.find((d) => d.path === def.path && d.method === def.method);
    expect(found, def.path).toBeDefined();
    expect(found!.access).toBe(def.access);
  });

  it("restates no path of the contract: the app's code and the client it runs take them from guest-calls", () => {
    const sources = [join(import.meta.dirname, '..'), join(import.meta.dirname, '../../../../packages/shared/src/client')]
      .flatMap(filesUnder)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('/testing/'));
    const paths = declared.map((d) => d.path.split('/:')[0]);
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const path of paths) expect(text.includes(`${path}'`) || text.includes(`${path}?`) || text.includes(`${path}\``), `${file}: ${path}`).toBe(false);
    }
  });

  it('casts no call: no `as unknown as` anywhere in the app', () => {
    for (const file of filesUnder(join(import.meta.dirname, '..')).filter((f) => /\.tsx?$/.test(f))) {
      expect(readFileSync(file, 'utf8').includes(['as', 'unknown', 'as '].join(' ')), file).toBe(false);
    }
  });

  it('builds image addresses as the files contract does', () => {
    expect(fileUrl('abc', 720)).toBe(contractFileUrl('abc', 720));
    expect(fileUrl('a b')).toBe(contractFileUrl('a b'));
  });
});
