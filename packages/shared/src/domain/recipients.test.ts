import { describe, expect, it } from 'vitest';
import { buildEmailList } from './recipients';

const clients = [
  { client_number: '1', activation_code: 'AAA', firstname: 'Marie', lastname: 'Durand', langage: 'fr', email1: 'marie@example.org', email2: null },
  { client_number: '2', activation_code: 'BBB', firstname: 'Tom', lastname: 'Smith', langage: 'en', email1: null, email2: 'tom@example.org' },
  { client_number: '3', activation_code: 'CCC', firstname: 'Sans', lastname: 'Adresse', langage: 'xx', email1: null, email2: null },
];
const users = [
  { _id: 'u1', client_number: '1', firstname: 'Marie', lastname: 'Durand', email: 'MARIE@example.org', langage: null },
  { _id: 'u2', client_number: '2', firstname: 'Léo', lastname: 'Smith', email: 'leo@example.org', langage: null },
];

describe('buildEmailList', () => {
  it('takes clients then users, each address once, users with their client code and language', () => {
    const list = buildEmailList(clients, users, { clients: true, users: true });
    expect(list.map((r) => r.email)).toEqual(['marie@example.org', 'tom@example.org', 'leo@example.org']);
    expect(list[2]).toMatchObject({ user: 'u2', code: 'BBB', lang: 'en', client_number: '2' });
  });
  it('leaves out what is not included', () => {
    expect(buildEmailList(clients, users, { clients: false, users: true }).map((r) => r.email)).toEqual(['MARIE@example.org', 'leo@example.org']);
    expect(buildEmailList(clients, users, { clients: true, users: false })).toHaveLength(2);
    expect(buildEmailList(clients, users, { clients: false, users: false })).toEqual([]);
  });
});
