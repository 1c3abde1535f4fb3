import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orFalse } from '@campsite/shared';
import { answerSerializer, AnswerShapeError } from './serialize';

const user = z.object({
  _id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  permissions: z.record(z.string(), z.number()),
  tags: z.array(z.object({ lang: z.string(), name: z.string() })).optional(),
});
const row = { _id: 'u1', username: 'agent', avatar: null, permissions: { users: 1 }, passwordHash: 'scrypt$secret', tags: [{ lang: 'fr', name: 'Accueil', internal: 1 }] };

describe('the answer serializer', () => {
  it('in production sends only the fields the schema declares, at every depth', () => {
    const json = answerSerializer(orFalse(z.array(user)), false)([row]);
    expect(json).not.toContain('secret');
    expect(json).not.toContain('internal');
    expect(JSON.parse(json)).toEqual([{ _id: 'u1', username: 'agent', avatar: null, permissions: { users: 1 }, tags: [{ lang: 'fr', name: 'Accueil' }] }]);
    expect(answerSerializer(orFalse(user), false)(false)).toBe('false');
  });

  it('in development gives the same bytes as zod, and refuses an answer that breaks its schema', () => {
    const check = answerSerializer(orFalse(user), true, 'GET x');
    expect(check(row)).toBe(answerSerializer(orFalse(user), false)(row));
    expect(() => check({ ...row, username: 42 })).toThrow(AnswerShapeError);
  });

  it('follows the branch of a union that zod would take', () => {
    const either = z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.number() })]);
    const check = answerSerializer(z.array(either), true);
    expect(JSON.parse(check([{ kind: 'b', b: 2, extra: 1 }, { kind: 'a', a: 'x' }]))).toEqual([{ kind: 'b', b: 2 }, { kind: 'a', a: 'x' }]);
  });
});
