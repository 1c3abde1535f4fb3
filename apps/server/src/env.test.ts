import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, readEnv } from './env';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '../../..');

/** The variables the README's configuration table names (a row may name several: `JOBS_POLL_MS` / `JOBS_…`). */
function tableNames(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('## Configuration (environment)')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

/** Variables the server reads that are not settings: set by the server for its own child process. */
const INTERNAL = ['CAMPSITE_PREPARE'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    // a folder's testing.ts (as testing/) holds test helpers, not the server's reads
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && name !== 'testing.ts' ? [path] : [];
  });
}

describe("the README's configuration table", () => {
  it("names every variable of the server's configuration schema, and no other", () => {
    expect([...tableNames()].sort()).toEqual([...ENV_NAMES].sort());
  });

  it('names every variable the server reads outside env.ts too', () => {
    const read = new Set(sourceFiles(here).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1])));
    const table = new Set(tableNames());
    expect([...read].filter((name) => !table.has(name) && !INTERNAL.includes(name))).toEqual([]);
  });
});

describe('the HTTPS settings (issue 34)', () => {
  const said = (source: Record<string, string>) => {
    try {
      readEnv(source);
      return 'started';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('takes a host name, lower-cased, and the ports of HTTPS and HTTP', () => {
    const env = readEnv({ DOMAIN: 'Camping.Example', GUEST_DOMAIN: 'app.camping.example' });
    expect([env.DOMAIN, env.GUEST_DOMAIN, env.HTTPS_PORT, env.HTTP_PORT, env.ACME_DIRECTORY]).toEqual(['camping.example', 'app.camping.example', 443, 80, 'https://acme-v02.api.letsencrypt.org/directory']);
  });

  it('refuses what cannot work with one French line naming the variable', () => {
    expect(said({ DOMAIN: 'https://camping.example/' })).toBe("DOMAIN : un nom d'hôte seul (camping.example), sans http:// ni chemin ni port");
    expect(said({ DOMAIN: 'camping.example:443' })).toBe("DOMAIN : un nom d'hôte seul (camping.example), sans http:// ni chemin ni port");
    expect(said({ GUEST_DOMAIN: 'app.camping.example' })).toBe("GUEST_DOMAIN : s'emploie avec DOMAIN, le nom du tableau de bord");
    expect(said({ DOMAIN: 'camping.example', GUEST_DOMAIN: 'camping.example' })).toMatch(/^GUEST_DOMAIN : un autre nom que DOMAIN/);
    expect(said({ DOMAIN: 'camping.example', TLS_CERT: '/etc/ssl/camping.pem' })).toBe('TLS_KEY : TLS_CERT et TLS_KEY vont ensemble (le certificat et sa clé)');
    expect(said({ TLS_CERT: '/a.pem', TLS_KEY: '/a.key' })).toBe("TLS_CERT : s'emploie avec DOMAIN, le nom que le certificat couvre");
    expect(said({ DOMAIN: 'camping.example', ACME_DIRECTORY: 'http://acme.local/dir' })).toBe("ACME_DIRECTORY : l'adresse https:// du répertoire ACME");
    expect(said({ DOMAIN: 'camping.example', ACME_EMAIL: 'pas-une-adresse' })).toBe("ACME_EMAIL : une adresse e-mail (celle que l'autorité de certification prévient)");
    expect(said({ DOMAIN: 'camping.example', SITES: 'on', CONTROL_DATABASE_URL: 'postgres://127.0.0.1/control' })).toBe('DOMAIN : sert HTTPS pour un seul camping ; en mode multi-sites, HTTPS passe par un relais (Caddy, docs/multisite.md)');
    expect(said({ DOMAIN: 'camping.example', HTTPS_PORT: '70000' })).toBe('HTTPS_PORT : un numéro de port, de 1 à 65535');
    expect(said({ DOMAIN: 'camping.example', HTTP_PORT: 'quatre-vingts' })).toBe('HTTP_PORT : un numéro de port, de 1 à 65535');
  });
});
