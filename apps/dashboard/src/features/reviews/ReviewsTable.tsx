import { Checkbox, Stack, Table, Text } from '@mantine/core';
import type { ReviewPage, ReviewRow } from '@campsite/shared';
import { REVIEWS, answerText, pickTranslation } from '@campsite/shared';
import { ListTable } from '../../components/ListScreen';
import { day, dayTime, orNone } from '../../lib/format';
import { useSession } from '../../shell/session';

/** Who answered: the guest account, else the client of the stay. */
export const reviewerName = (r: ReviewRow) => {
  const who = r.user ?? r.client;
  return who ? `${who.firstname} ${who.lastname}`.trim() : '';
};
/** 'Note globale : ', but 'Reviendrez-vous ? ' (a question mark needs no colon after it). */
const labelOf = (title: string) => (/[?!:]$/.test(title.trim()) ? `${title.trim()} ` : `${title.trim()} : `);
const reviewerEmail = (r: ReviewRow) => r.user?.email ?? r.client?.email1 ?? null;

/**
 * 001 §2 'Lire les avis': Nom, Date, E-mail, Questions et réponses, one review a row, with a box to
 * choose the reviews 'Extraire' takes. A row's questions, as they were asked, are its form's in `forms`.
 */
export function ReviewsTable({
  rows,
  forms,
  selected,
  onSelect,
}: {
  rows: ReviewRow[];
  forms: ReviewPage['forms'];
  selected: ReadonlySet<string>;
  onSelect(ids: string[], on: boolean): void;
}) {
  const { defaultLang, timeZone } = useSession();
  const all = rows.every((r) => selected.has(r._id));
  const some = rows.some((r) => selected.has(r._id));
  return (
    <ListTable
      minWidth={760}
      head={
        <>
          <Table.Th w={40}>
            <Checkbox aria-label="Cocher les avis de la page" checked={all} indeterminate={some && !all} onChange={(e) => onSelect(rows.map((r) => r._id), e.currentTarget.checked)} />
          </Table.Th>
          <Table.Th w="18%">{REVIEWS.columnName}</Table.Th>
          <Table.Th w={110}>{REVIEWS.columnDate}</Table.Th>
          <Table.Th w="22%">{REVIEWS.columnEmail}</Table.Th>
          <Table.Th>{REVIEWS.columnAnswers}</Table.Th>
        </>
      }
    >
      {rows.map((r) => {
        const name = reviewerName(r);
        return (
          <Table.Tr key={r._id}>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Checkbox aria-label={`Cocher l'avis de ${name || 'ce client'}`} checked={selected.has(r._id)} onChange={(e) => onSelect([r._id], e.currentTarget.checked)} />
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Text size="sm" fw={500}>
                {orNone(name)}
              </Text>
              {r.stay_number && (
                <Text size="xs" c="dimmed">
                  Séjour {r.stay_number}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
              <Text size="sm">{day(r.completed, timeZone)}</Text>
              <Text size="xs" c="dimmed">
                {dayTime(r.completed, timeZone).split(' ')[1]?.slice(0, 5)}
              </Text>
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
              <Text size="sm">{orNone(reviewerEmail(r))}</Text>
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Stack gap={2} component="dl" m={0}>
                {(forms[r.form] ?? []).map((q, i) => (
                  // one line a question: its title, then the answer
                  <Text key={q._id} size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
                    <Text span component="dt" c="dimmed" size="sm" display="inline">
                      {labelOf(pickTranslation(q.translations, defaultLang, defaultLang, 'title'))}
                    </Text>
                    <Text span component="dd" size="sm" m={0} display="inline" fw={500}>
                      {answerText(q, r.answers[i] ?? null, defaultLang) || '—'}
                    </Text>
                  </Text>
                ))}
              </Stack>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
