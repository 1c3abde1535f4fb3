import { useState } from 'react';
import { Alert, Badge, Loader, Modal, Table, Text } from '@mantine/core';
import type { Query, clients } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { SortTh, type SortDir } from '../../components/list';
import { errorSentence } from '../../lib/errors';
import { useRoomlist } from './api/people-queries';
import { yesNo } from './labels';
import { dayTime, orNone } from '../../lib/format';
import { Email } from './Email';

type Sort = NonNullable<Query<typeof clients.roomlist>['sort']>;

/** The koban room list (002 §2): every participant, whether they downloaded the app and when; sortable, with its total. */
export function RoomlistModal({ onClose }: { onClose(): void }) {
  const { timeZone } = useSession();
  const [sort, setSort] = useState<Sort>('lastname');
  const [dir, setDir] = useState<SortDir>('asc');
  const list = useRoomlist({ sort, order: dir }, true);
  const onSort = (field: string) => {
    setDir(field === sort && dir === 'asc' ? 'desc' : 'asc');
    setSort(field as Sort);
  };
  const th = (field: Sort, label: string) => <SortTh field={field} label={label} sort={sort} dir={dir} onSort={onSort} />;
  return (
    // as wide as the screen allows: seven columns, the last one a date and time
    <Modal opened onClose={onClose} title="Roomlist" size="min(1100px, calc(100vw - 2rem))" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {list.error ? (
        <Alert color="red">{errorSentence('Impossible de récupérer la roomlist', list.error)}</Alert>
      ) : !list.data ? (
        <Loader role="status" aria-label="Chargement" />
      ) : (
        <>
          <Text mb="sm" fw={600}>
            Total : {list.data.total} participant{list.data.total > 1 ? 's' : ''}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {th('lastname', 'Nom')}
                  {th('firstname', 'Prénom')}
                  {th('email', 'E-mail')}
                  {th('stay_number', 'N° séjour')}
                  {th('location', 'Emplacement')}
                  {th('downloaded', 'Téléchargé')}
                  {th('download_time', 'Date de téléchargement')}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((r, i) => (
                  <Table.Tr key={`${r.stay_number}-${i}`}>
                    <Table.Td>{orNone(r.lastname)}</Table.Td>
                    <Table.Td>{orNone(r.firstname)}</Table.Td>
                    <Table.Td>
                      <Email value={r.email} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.stay_number}</Table.Td>
                    <Table.Td>{orNone(r.location)}</Table.Td>
                    <Table.Td>
                      <Badge color={r.downloaded ? 'green' : 'gray'} variant="light">
                        {yesNo(r.downloaded)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.download_time ? dayTime(r.download_time, timeZone) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Modal>
  );
}
