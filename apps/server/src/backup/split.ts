/**
 * Cuts the text of a plain SQL dump (pg_dump's, as `npm run backup` writes it) into statements, fed in
 * pieces as the file is read, so that a restore never holds the whole dump (a season of photos) as one
 * string and can say how far it is. It follows what pg_dump writes with standard_conforming_strings on:
 * '…' strings ('' inside), "…" names, $tag$…$tag$ bodies (functions, triggers), -- comments; a line
 * starting with a backslash between statements is a psql command (pg_dump 15.14+ writes `\restrict`), which
 * means nothing to a server and is left out.
 */
export class StatementSplitter {
  private text = '';
  /** where the statement being read starts in `text`, and how far it was scanned */
  private start = 0;
  private pos = 0;
  private state: 'code' | 'single' | 'double' | 'dollar' | 'comment' | 'meta' = 'code';
  private tag = '';

  /** Adds text; answers the statements it completed, each ending with its `;`. */
  push(piece: string): string[] {
    this.text = this.text.slice(this.start) + piece;
    this.pos -= this.start;
    this.start = 0;
    const done: string[] = [];
    const t = this.text;
    while (this.pos < t.length) {
      const i = this.pos;
      switch (this.state) {
        case 'single':
        case 'double': {
          const quote = this.state === 'single' ? "'" : '"';
          const end = t.indexOf(quote, i);
          if (end < 0) return this.wait(t.length, done);
          // a doubled quote stays inside; at the end of the text it may be the first of two: wait
          if (end + 1 >= t.length) return this.wait(end, done);
          if (t[end + 1] === quote) {
            this.pos = end + 2;
          } else {
            this.pos = end + 1;
            this.state = 'code';
          }
          break;
        }
        case 'dollar': {
          const end = t.indexOf(this.tag, i);
          if (end < 0) return this.wait(Math.max(i, t.length - this.tag.length + 1), done);
          this.pos = end + this.tag.length;
          this.state = 'code';
          break;
        }
        case 'comment':
        case 'meta': {
          const end = t.indexOf('\n', i);
          if (end < 0) return this.wait(t.length, done);
          this.pos = end + 1;
          if (this.state === 'meta') this.start = this.pos;
          this.state = 'code';
          break;
        }
        default: {
          const c = t[i];
          if (c === "'" || c === '"') {
            this.state = c === "'" ? 'single' : 'double';
            this.pos = i + 1;
          } else if (c === '-') {
            if (i + 1 >= t.length) return this.wait(i, done);
            this.pos = i + 1;
            if (t[i + 1] === '-') {
              this.state = 'comment';
              this.pos = i + 2;
            }
          } else if (c === '$' && !/[\w$]/.test(t[i - 1] ?? ' ')) {
            const m = /^\$([A-Za-z_][\w]*)?\$/.exec(t.slice(i, i + 66));
            if (m) {
              this.tag = m[0];
              this.state = 'dollar';
              this.pos = i + m[0].length;
            } else if (!/^\$[\w]*$/.test(t.slice(i, i + 66)) || i + 66 <= t.length) {
              this.pos = i + 1;
            } else {
              // a tag cut at the end of the text: wait for the rest
              return this.wait(i, done);
            }
          } else if (c === '\\' && /^(\s|--[^\n]*\n)*$/.test(t.slice(this.start, i))) {
            this.state = 'meta';
            this.pos = i + 1;
          } else if (c === ';') {
            const statement = t.slice(this.start, i + 1).trim();
            if (!/^(--[^\n]*\n\s*)*;$/.test(statement)) done.push(statement);
            this.start = this.pos = i + 1;
          } else this.pos = i + 1;
        }
      }
    }
    return done;
  }

  /** The end of the text: what is left must be nothing but blanks and comments. */
  end(): void {
    const rest = this.text.slice(this.start).replace(/--[^\n]*/g, '').trim();
    if (rest || this.state === 'single' || this.state === 'double' || this.state === 'dollar') {
      throw new Error(`La sauvegarde est incomplète : elle se termine au milieu d'une instruction (« ${rest.slice(0, 60)} »).`);
    }
  }

  private wait(pos: number, done: string[]): string[] {
    this.pos = pos;
    return done;
  }
}
