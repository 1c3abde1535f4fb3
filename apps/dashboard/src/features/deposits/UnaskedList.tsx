import { useState } from 'react';
import { Button, Table, Text } from '@mantine/core';
import { DEPOSITS, unaskedQuery, type Deposit, type UnaskedStay } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { ActionsTh, ListTable } from '../../components/ListScreen';
import { PagedList, Stacked, StaySearch, useListQuery } from '../../components/list';
import { StayLink } from '../../components/PeopleLinks';
import { errorSentence } from '../../lib/errors';
import { day } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useRequestStay, useUnasked } from './api/deposits-queries';

/**
 * 'Non demandées' (issue 32): the stays that ask a deposit and that no request went to (left out by 'À partir
 * de maintenant seulement', arrived before deposits were switched on…), the nearest arrival first, each with
 * 'Demander maintenant' (request-stay: the rules and throttles of the detail's button). A stay asked leaves
 * this list for the deposits'; `onAsked` opens its deposit.
 */
export function UnaskedList({ flash, onAsked }: { flash: Flash; onAsked(d: Deposit): void }) {
  const { timeZone } = useSession();
  const lq = useListQuery(unaskedQuery);
  const list = useUnasked(lq.query);
  const ask = useRequestStay();
  const [busy, setBusy] = useState<string | null>(null);
  async function request(s: UnaskedStay) {
    setBusy(s.stay);
    try {
      const made = await ask.mutateAsync({ stay_number: s.stay });
      if (made) {
        flash.setSuccess(DEPOSITS.requested);
        onAsked(made);
      } else flash.setError(errorSentence(DEPOSITS.requestFailed, null, 1));
    } catch (err) {
      flash.setError(errorSentence(DEPOSITS.requestFailed, err, 2));
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm" maw={900}>
        {DEPOSITS.unaskedHelp}
      </Text>
      <StaySearch key={String(lq.filters.q ?? '')} lq={lq} label="Rechercher des séjours sans demande">
        {null}
      </StaySearch>
      <PagedList lq={lq} read={list} failed={DEPOSITS.readDeposits} empty={DEPOSITS.unaskedEmpty} noResult="Aucun résultat">
        {(rows) => (
          <ListTable
            head={
              <>
                <Table.Th>Séjour n°</Table.Th>
                <Table.Th>Client n° / Nom</Table.Th>
                <Table.Th>Emplacement</Table.Th>
                <Table.Th>Arrivée</Table.Th>
                <Table.Th>Départ</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <ActionsTh />
              </>
            }
          >
            {rows.map((s) => (
              <Table.Tr key={s.stay}>
                <Table.Td fw={600}>{s.stay}</Table.Td>
                <Table.Td>
                  <Stacked>
                    <span>{s.client_number}</span>
                    <span>
                      <StayLink stay={s.stay}>
                        {s.user.lastname} {s.user.firstname}
                      </StayLink>
                    </span>
                  </Stacked>
                </Table.Td>
                <Table.Td>{s.location ?? '—'}</Table.Td>
                <Table.Td>{day(s.arrival, timeZone)}</Table.Td>
                <Table.Td>{day(s.departure, timeZone)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.user.email || '—'}</Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" loading={busy === s.stay} disabled={!!busy && busy !== s.stay} onClick={() => void request(s)} aria-label={`${DEPOSITS.requestNow} pour le séjour ${s.stay}`}>
                    {DEPOSITS.requestNow}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </PagedList>
    </>
  );
}
