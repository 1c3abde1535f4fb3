/**
 * The fuzz test's inputs (http/fuzz.test.ts): requests generated from a call's zod schema, valid and hostile,
 * and malformed multipart bodies, from a seeded generator so that a run can be replayed.
 */
import type { z } from 'zod';
import { LANGS } from '@campsite/shared';

// a small seeded generator (mulberry32): the same seed, the same requests
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
export const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
export type Rng = () => number;
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

// zod v4's definitions, read as data
type Def = { type: string; [k: string]: unknown };
type Schema = z.ZodType & { _zod: { def: Def; bag?: Record<string, unknown> } };
const defOf = (s: unknown) => (s as Schema)._zod.def;
const accepts = (s: unknown, v: unknown) => (s as z.ZodType).safeParse(v).success;

const NOW = Math.floor(Date.now() / 1000);
/** a 1×1 PNG, for the calls that take an image as base64 */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const LONG = 'x'.repeat(10_000);
/** Deeper than any document, past the server's limit and near JSON parsers' recursion. */
const deep = (levels: number, leaf: unknown = 'fond', asArray = false): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = asArray ? [v] : { a: v };
  return v;
};
/** Values that no schema should take whole, or that test a schema's edges. */
const HOSTILE: unknown[] = [
  '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\udbff', LONG, `${LONG}\u0000`, '  ', '',
  '<script>alert(1)</script><img src=x onerror=alert(1)>', "'; DROP TABLE clients; --", '../../../../etc/passwd',
  '%00', '\u202e\ufeff', '😀'.repeat(3000),
  1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 2 ** 31, -(2 ** 31) - 1, 2 ** 63, -1, -0.5, 1.5, 0,
  true, false, null, [], {}, [[]], [{}], [null], { _id: null },
  deep(64), deep(64, 1, true), deep(20), Array.from({ length: 2000 }, (_, i) => i),
  Array.from({ length: 300 }, () => LONG.slice(0, 300)),
];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'champ_inconnu', 'x\u0000', '\ud800', 'x'.repeat(1000), '$where', ''];

export interface Pools {
  ids: string[];
  names: string[];
  /** ids of the table a field's name points to ('icon' → icons), so that generated bodies get past "unknown id" */
  byTable: Record<string, string[]>;
}
let pools: Pools = { ids: [], names: [], byTable: {} };
/** The ids and names of the demo database the generated requests point to (set once it is seeded). */
export function usePools(p: Pools) {
  pools = p;
}
const TABLES_OF_KEY: [RegExp, string[]][] = [
  [/icon/i, ['icons', 'files']],
  [/categor/i, ['booklet_categories', 'animation_categories']],
  [/group|rubric/i, ['booklet_groups']],
  [/animation/i, ['animations']],
  [/cover|logo|background|avatar|image|file|photo/i, ['files']],
  [/page/i, ['booklet_pages']],
  [/list/i, ['booklet_lists']],
  [/client/i, ['clients']],
  [/stay/i, ['stays']],
  [/theme/i, ['themes']],
  [/template|^email$/i, ['email_templates']],
  [/campaign/i, ['email_campaigns']],
  [/user/i, ['dashboard_users', 'webapp_users']],
  [/module/i, ['modules']],
];
const idsFor = (key: string) => TABLES_OF_KEY.filter(([re]) => re.test(key)).flatMap(([, names]) => names.flatMap((n) => pools.byTable[n] ?? []));

const ID_KEY = /(^_?id$|Id$|_id$|^(page|category|group|list|animation|element|section|icon|client|stay|user|theme|email|campaign|module|file|import|rubric|parent|cover|background|logo|avatar|name|ids)$)/i;

function stringCandidates(rng: Rng, key: string, max: number, min: number): string[] {
  const fixed = [
    '', 'a', 'Piscine', 'Camping des Dunes', 'Élodie Lefèvre', 'test@example.fr', 'fuzz@camping.test', '1a2b3c', '#1a2b3c', '000000',
    'fr', 'en', 'de', 'nl', 'home', 'visiteur-12345678', 'https://example.com/image.png', '/api/dashboard/files/get-image/x',
    '<p>Bonjour <strong>monde</strong></p>', '12:30', '2025-07-14', '14/07/2025', '0612345678', '+33 6 12 34 56 78', '1', '42',
    'motdepasse-long-123', 'tourist', 'resident', 'asc', 'desc', 'name', 'lastname', 'true', '0', 'ABCD1234',
    'image/png', 'application/pdf', 'plage.png', TINY_PNG, `data:image/png;base64,${TINY_PNG}`,
  ];
  const sized = [min > 0 ? 'é'.repeat(min) : 'é', 'y'.repeat(Math.min(max, 2000)), 'z'.repeat(Math.min(max + 1, 5000))];
  const own = idsFor(key);
  const ids = Array.from({ length: 4 }, () => pick(rng, own.length && rng() < 0.8 ? own : pools.ids.length ? pools.ids : ['000000000000000000000000']));
  const names = Array.from({ length: 2 }, () => pick(rng, pools.names.length ? pools.names : ['x.png']));
  return ID_KEY.test(key) ? [...ids, ...ids, ...names, ...fixed, ...sized] : [...fixed, ...sized, ...ids.slice(0, 2), ...names.slice(0, 1)];
}

function numberCandidates(bag: Record<string, unknown>): number[] {
  const min = typeof bag.minimum === 'number' && Number.isFinite(bag.minimum) ? bag.minimum : undefined;
  const max = typeof bag.maximum === 'number' && Number.isFinite(bag.maximum) ? bag.maximum : undefined;
  return [0, 1, 2, 3, 5, 10, 20, 25, 50, 100, 1000, NOW, NOW + 30 * 86400, NOW - 400 * 86400, -1, 0.5, ...(min !== undefined ? [min] : []), ...(max !== undefined ? [max] : [])];
}

/** A value the schema is likely to accept (or a near miss): drawn from candidates the schema is asked about. */
function sample(schema: unknown, rng: Rng, key = '', depth = 0): unknown {
  if (!schema) return undefined;
  const def = defOf(schema);
  const bag = ((schema as Schema)._zod.bag ?? {}) as Record<string, unknown>;
  const fromCandidates = (candidates: unknown[]) => {
    const valid = candidates.filter((c) => accepts(schema, c));
    return valid.length && rng() < 0.9 ? pick(rng, valid) : pick(rng, candidates);
  };
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = sample(v, rng, k, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'string': {
      const max = typeof bag.maximum === 'number' ? bag.maximum : 200;
      const min = typeof bag.minimum === 'number' ? bag.minimum : 0;
      return fromCandidates(stringCandidates(rng, key, max, min));
    }
    case 'number':
    case 'int':
      return fromCandidates(numberCandidates(bag));
    case 'boolean':
      return rng() < 0.5;
    case 'enum':
      return pick(rng, Object.values(def.entries as Record<string, string>));
    case 'literal':
      return pick(rng, def.values as unknown[]);
    case 'optional':
      return rng() < 0.25 ? undefined : sample(def.innerType, rng, key, depth);
    case 'default':
    case 'prefault':
      return rng() < 0.3 ? undefined : sample(def.innerType, rng, key, depth);
    case 'nullable':
      return rng() < 0.15 ? null : sample(def.innerType, rng, key, depth);
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, rng, key, depth);
    case 'pipe':
      return sample(def.in, rng, key, depth);
    case 'lazy':
      return depth > 6 ? undefined : sample((def.getter as () => unknown)(), rng, key, depth + 1);
    case 'union': {
      const options = def.options as unknown[];
      // try a few options, keep the first the whole union accepts
      for (let i = 0; i < 3; i++) {
        const v = sample(pick(rng, options), rng, key, depth);
        if (accepts(schema, v)) return v;
      }
      return sample(pick(rng, options), rng, key, depth);
    }
    case 'array': {
      const min = typeof bag.minimum === 'number' ? bag.minimum : 0;
      const max = typeof bag.maximum === 'number' ? Math.min(bag.maximum, 4) : 4;
      const n = depth > 6 ? min : min + Math.floor(rng() * (Math.max(max, min) - min + 1));
      const items = Array.from({ length: n }, () => sample(def.element, rng, key, depth + 1));
      // translations: one per language, the default (fr) first, as the apps send them
      items.forEach((item, i) => {
        if (item && typeof item === 'object' && 'lang' in item && rng() < 0.9) (item as { lang: string }).lang = LANGS[i % LANGS.length];
      });
      return items;
    }
    case 'tuple':
      return (def.items as unknown[]).map((item) => sample(item, rng, key, depth + 1));
    case 'record': {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < 2; i++) out[String(sample(def.keyType, rng, 'key', depth + 1))] = sample(def.valueType, rng, key, depth + 1);
      return out;
    }
    case 'intersection':
      return Object.assign({}, sample(def.left, rng, key, depth), sample(def.right, rng, key, depth));
    case 'null':
      return null;
    case 'undefined':
    case 'void':
    case 'never':
      return undefined;
    case 'date':
      return NOW;
    default:
      // unknown, any, transform, custom: something plausible
      return pick(rng, ['texte', 1, true, null, [], {}, pools.ids[0] ?? 'x', [{ lang: 'fr', name: 'Nom' }]]);
  }
}

/** A value the whole schema accepts when one of a few tries gives one (refinements across fields), else a near miss. */
export function validSample(schema: unknown, rng: Rng): unknown {
  let last: unknown;
  for (let i = 0; i < 30; i++) {
    last = sample(schema, rng);
    if (!schema || accepts(schema, last)) return last;
  }
  return last;
}

// hostile mutations of a generated value ---------------------------------------------------------------

type Path = (string | number)[];
function paths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (at.length > 8) return out;
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}
const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}
const getAt = (root: unknown, path: Path) => path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)?.[k], root);

/** A JSON text: what a client (or an attacker) sends, exactly. */
type Wire = { text: string; description: string };
export const json = (v: unknown) => JSON.stringify(v) ?? 'null';

export function hostileBody(valid: unknown, rng: Rng): Wire {
  const all = paths(valid);
  const kind = Math.floor(rng() * 7);
  const where = pick(rng, all);
  const objects = all.filter((p) => { const n = getAt(valid, p); return n && typeof n === 'object' && !Array.isArray(n); });
  switch (kind) {
    case 0:
    case 1: {
      // a hostile value in place of one field (or of the whole body)
      const value = pick(rng, HOSTILE);
      return { text: json(setAt(valid, where, value)), description: `${where.join('.') || 'body'} ← ${show(value)}` };
    }
    case 2: {
      // an unknown field, some with a name the JSON parser must not take as a prototype
      const at = objects.length ? pick(rng, objects) : [];
      const key = pick(rng, HOSTILE_KEYS);
      const value = pick(rng, HOSTILE);
      const base = json(at.length ? getAt(valid, at) : valid && typeof valid === 'object' && !Array.isArray(valid) ? valid : {});
      const extra = `${JSON.stringify(key)}:${json(key === '__proto__' || key === 'constructor' ? { isAdmin: true, prototype: { polluted: 1 } } : value)}`;
      const withKey = base === '{}' ? `{${extra}}` : `${base.slice(0, -1)},${extra}}`;
      const text = at.length ? json(setAt(valid, at, '\u0001MARK')).replace('"\\u0001MARK"', withKey) : withKey;
      return { text, description: `unknown field ${show(key)} at ${at.join('.') || 'body'}` };
    }
    case 3: {
      // an array where an object is expected, or an object where an array is
      const at = pick(rng, all);
      const node = getAt(valid, at);
      const value = Array.isArray(node) ? Object.fromEntries(node.map((v, i) => [i, v])) : [node, node];
      return { text: json(setAt(valid, at, value)), description: `${at.join('.') || 'body'} ← wrapped` };
    }
    case 4: {
      // numbers JSON can say but JavaScript cannot hold
      const number = pick(rng, ['1e400', '-1e400', '123456789012345678901234567890', '-0', '1e-400', '0.1e1']);
      return { text: json(setAt(valid, where, '\u0001NUM')).replace('"\\u0001NUM"', number), description: `${where.join('.') || 'body'} ← ${number}` };
    }
    case 5: {
      // every string of the body at once
      const texts = all.filter((p) => typeof getAt(valid, p) === 'string');
      const value = pick(rng, ['\u0000', '\ud800', LONG, '']);
      const body = texts.reduce((b, p) => setAt(b, p, value), valid);
      return { text: json(body), description: `every text ← ${show(value)}` };
    }
    default: {
      // the transport: not JSON, or a body of another type
      const text = pick(rng, ['{pas du json', '{"a":', '', 'null', '"texte"', '42', '[]', `[${json(valid)}]`, json(deep(300, 1, true)), '\u0000', '{"a":"\\ud800"}']);
      return { text, description: `body ${show(text)}` };
    }
  }
}

export function show(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : json(v);
  return s.length > 60 ? `${s.slice(0, 40)}…(${s.length} chars)` : s;
}

// queries and paths: the URL's own encoding, lone surrogates as the raw bytes a client can send ----------

export function encode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += '%ED%A0%80';
    else out += encodeURIComponent(value[i]);
  }
  return out;
}
export function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  if (typeof query !== 'object') return `x=${encode(String(query))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) parts.push(`${encode(k)}=${encode(typeof one === 'object' && one !== null ? json(one) : String(one))}`);
  }
  return parts.join('&');
}
export function hostileQuery(valid: Record<string, unknown>, rng: Rng): string {
  const keys = Object.keys(valid);
  const key = keys.length && rng() < 0.8 ? pick(rng, keys) : pick(rng, HOSTILE_KEYS);
  const kind = Math.floor(rng() * 4);
  const base = queryString(valid);
  const value = pick(rng, ['%00', '%ED%A0%80', '%FF%FE', encode(LONG), '1e400', '-1', '-99999999999999999999', '99999999999999999999', 'NaN', '', '%', '%zz', '[]', '{}', 'null', encode('\u0000')]);
  switch (kind) {
    case 0:
      return `${base}&${encode(key)}=${value}`.replace(/^&/, '');
    case 1:
      // the same parameter twice: an array where a text is expected
      return `${base}&${encode(key)}=1&${encode(key)}=2`.replace(/^&/, '');
    case 2:
      return queryString({ ...valid, [key]: value });
    default:
      return `${queryString(Object.fromEntries(keys.map((k) => [k, decodeURIComponentSafe(value)])))}`;
  }
}
const decodeURIComponentSafe = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

// multipart (the upload calls parse their body themselves: no JSON schema, so their own cases) ----------
