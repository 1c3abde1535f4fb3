import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLang, type Lang } from '@campsite/shared';
import { detect, translateText } from './phrasebook';

// A stand-in for DeepL on a local port (the tests, the journeys and the demo: TRANSLATION=simulator): the
// same REST API as DeepL's for what we use (POST /v2/translate, form or JSON body, `DeepL-Auth-Key`
// header, DeepL's status codes), so that the official client (deepl-node) is what runs in every mode; its
// words are deterministic (phrasebook.ts). Nothing is kept.

export interface TranslationSimulator {
  url: string;
  /** every text asked, with its target (what a test checks was, or was not, sent) */
  asked: { text: string; target: string; source: string | null }[];
  /** the next `count` calls answer `status` (456: quota exceeded, 503: down, 403: a wrong key) */
  fail(count: number, status: number): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage, max = 256 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > max) throw new Error('too large');
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** DeepL's target codes ('EN-GB', 'PT-PT', 'DE') to ours; null for a language we do not speak. */
const ours = (code: string): Lang | null => {
  const l = code.toLowerCase().split('-')[0];
  return isLang(l) ? l : null;
};

/** The texts, target and source of a translate request, as DeepL reads them (form or JSON). */
function readRequest(req: IncomingMessage, raw: string): { texts: string[]; target: string; source: string | null } {
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    const b = JSON.parse(raw) as { text?: unknown; target_lang?: unknown; source_lang?: unknown };
    const texts = Array.isArray(b.text) ? b.text.map(String) : [];
    return { texts, target: String(b.target_lang ?? ''), source: typeof b.source_lang === 'string' ? b.source_lang : null };
  }
  const form = new URLSearchParams(raw);
  return { texts: form.getAll('text'), target: form.get('target_lang') ?? '', source: form.get('source_lang') };
}

export async function startTranslationSimulator(opts: { port?: number; host?: string } = {}): Promise<TranslationSimulator> {
  const asked: TranslationSimulator['asked'] = [];
  let failures: { count: number; status: number } = { count: 0, status: 0 };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://simulator').pathname;
    if (!/^DeepL-Auth-Key \S+/.test(String(req.headers.authorization ?? ''))) return json(res, 403, { message: 'Wrong endpoint or missing auth key' });
    if (failures.count > 0) {
      failures.count--;
      const message = failures.status === 456 ? 'Quota exceeded' : failures.status === 403 ? 'Wrong auth key' : 'Service unavailable';
      return json(res, failures.status, { message });
    }
    if (req.method === 'GET' && path === '/v2/usage') return json(res, 200, { character_count: 0, character_limit: 500000 });
    if (req.method !== 'POST' || path !== '/v2/translate') return json(res, 404, { message: 'Not found' });
    const { texts, target, source } = readRequest(req, await readBody(req));
    const to = ours(target);
    if (!texts.length || !to) return json(res, 400, { message: `Value for 'target_lang' not supported.` });
    const from = source ? ours(source) : null;
    const translations = texts.map((text) => {
      asked.push({ text, target, source });
      const detected = from ?? detect(text);
      return { detected_source_language: detected.toUpperCase(), text: detected === to ? text : translateText(text, to), billed_characters: text.length };
    });
    json(res, 200, { translations });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 400, { message: 'Bad request' });
      else res.end();
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    fail(count, status) {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
