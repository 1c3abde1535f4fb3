import { describe, expect, it } from 'vitest';
import { StatementSplitter } from './split';

const DUMP = `--
-- PostgreSQL database dump
--

\\restrict abc123

SET statement_timeout = 0;
CREATE FUNCTION public.f() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$ begin perform 'x;'; return new; end $_$;
-- Name: t; Type: TABLE
CREATE TABLE public."we;ird" (id integer, s text);
INSERT INTO public."we;ird" VALUES (1, 'a;
b -- not a comment; it''s text $$');
INSERT INTO public.t VALUES (2, '\\x3b3b', $$ $x$; $$);

\\unrestrict abc123
`;

const EXPECTED = [
  'SET statement_timeout = 0;',
  "CREATE FUNCTION public.f() RETURNS trigger\n    LANGUAGE plpgsql\n    AS $_$ begin perform 'x;'; return new; end $_$;",
  '-- Name: t; Type: TABLE\nCREATE TABLE public."we;ird" (id integer, s text);',
  "INSERT INTO public.\"we;ird\" VALUES (1, 'a;\nb -- not a comment; it''s text $$');",
  "INSERT INTO public.t VALUES (2, '\\x3b3b', $$ $x$; $$);",
];

describe('a dump cut into statements', () => {
  it("follows strings, names, $tag$ bodies and comments, and leaves psql's commands out", () => {
    const s = new StatementSplitter();
    const out = s.push(DUMP);
    s.end();
    expect(out).toEqual(EXPECTED);
  });

  it('gives the same statements however the text is cut into pieces', () => {
    for (let cut = 1; cut < DUMP.length; cut++) {
      const s = new StatementSplitter();
      const out = [...s.push(DUMP.slice(0, cut)), ...s.push(DUMP.slice(cut))];
      s.end();
      expect(out, `cut at ${cut}`).toEqual(EXPECTED);
    }
  });

  it('says when the dump ends inside a statement', () => {
    const s = new StatementSplitter();
    s.push("INSERT INTO t VALUES ('unfinished");
    expect(() => s.end()).toThrow("La sauvegarde est incomplète : elle se termine au milieu d'une instruction");
  });
});
