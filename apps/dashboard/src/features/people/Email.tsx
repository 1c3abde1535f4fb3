import { Fragment } from 'react';
import { PEOPLE } from '@campsite/shared';

/**
 * An e-mail address that wraps after its '@' (not in the middle of a name) in a narrow column. `narrow`: a
 * list that must fit 1024 px, whose column may hold no longer name than 8 rem: a longer address also
 * wraps after a dot there, rather than widening the list.
 */
export function Email({ value, narrow = false }: { value: string | null | undefined; narrow?: boolean }) {
  if (!value) return <>{PEOPLE.notProvided}</>;
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  // 'giulia.' 'martinez@' 'exemple.' 'fr'
  const parts = narrow ? (value.match(/[^@.]*[@.]|[^@.]+$/g) ?? [value]) : [value.slice(0, at + 1), value.slice(at + 1)];
  return (
    // break-word, not anywhere: a table column keeps the width of the longest part
    <span style={{ overflowWrap: 'break-word', ...(narrow ? { display: 'inline-block', minWidth: '8rem' } : {}) }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
