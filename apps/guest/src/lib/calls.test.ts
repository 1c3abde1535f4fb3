import { describe, expect, it } from 'vitest';
import { contract } from '@campsite/shared/contract/index';
import { fileUrl as contractFileUrl } from '@campsite/shared/contract/files';
import { calls } from './calls';
import { fileUrl } from './files';

describe('the calls of the guest app', () => {
  const declared = Object.values(contract).flatMap((resource) => Object.values(resource));
  it.each(Object.entries(calls))('%s is a public call of the contract', (_, def) => {
    const found = declared.find((d) => d.path === def.path && d.method === def.method);
    expect(found, def.path).toBeDefined();
    expect(found!.access).toBe('public');
  });

  it('builds image addresses as the files contract does', () => {
    expect(fileUrl('abc', 720)).toBe(contractFileUrl('abc', 720));
    expect(fileUrl('a b')).toBe(contractFileUrl('a b'));
  });
});
