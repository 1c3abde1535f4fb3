import { useState } from 'react';
import { Paper, Table, Text, Title } from '@mantine/core';
import type { AuditEntry } from '@campsite/shared';
import { PERMISSIONS, PEOPLE } from '@campsite/shared';
import { Pager, ReadView } from '../../components/list';
import { ListTable } from '../../components/ListScreen';
import { dayTime } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useAudit } from './api/people-queries';

const WHAT: Record<AuditEntry['changes'][number], string> = {
  password: 'mot de passe',
  email: 'adresse e-mail',
  username: 'identifiant',
  permissions: 'permissions',
  erasure: 'fiche client supprimée',
};

/** What a row changed, in words: the values before and after where the log keeps them (never a password). */
function detailOf(e: AuditEntry): string {
  if (e.changes.includes('erasure')) {
    const n = (k: string) => Number((e.detail[k]?.from as number | undefined) ?? 0);
    return `${n('stays')} séjour(s), ${n('accounts')} compte(s) de l'application`;
  }
  const parts: string[] = [];
  for (const k of ['email', 'username'] as const) if (e.detail[k]) parts.push(`${WHAT[k]} : ${String(e.detail[k].from ?? '—')} → ${String(e.detail[k].to)}`);
  const p = e.detail.permissions as { from: Record<string, number> | null; to: Record<string, number> } | undefined;
  if (p) {
    const given = PERMISSIONS.filter((k) => p.to?.[k] === 1 && p.from?.[k] !== 1);
    const taken = PERMISSIONS.filter((k) => p.from?.[k] === 1 && p.to?.[k] !== 1);
    if (given.length) parts.push(`donné : ${given.join(', ')}`);
    if (taken.length) parts.push(`retiré : ${taken.join(', ')}`);
  }
  return parts.join(' ; ');
}

/**
 * 'Historique des modifications' (issue 20): the audit log, newest first, for super users: every change
 * of a staff account's credentials or flags and every client erased; `user` keeps one member's (made by
 * them or on their account).
 */
export function AuditLog({ user, title = PEOPLE.auditTitle }: { user?: string; title?: string }) {
  const { timeZone } = useSession();
  const [page, setPage] = useState(1);
  const read = useAudit({ page, per_page: 10, ...(user ? { user } : {}) } as never);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <ReadView read={read} failed="Impossible de récupérer l'historique" empty={PEOPLE.auditEmpty} isEmpty={(d) => d.rows.length === 0}>
        {(d) => (
          <>
            <ListTable
              minWidth={0}
              head={
                <>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Par</Table.Th>
                  <Table.Th>Compte ou fiche</Table.Th>
                  <Table.Th>Modification</Table.Th>
                </>
              }
            >
              {d.rows.map((e) => (
                <Table.Tr key={e._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayTime(e.time, timeZone)}</Table.Td>
                  <Table.Td>{e.actor.username}</Table.Td>
                  <Table.Td>{e.target.kind === 'client' ? `Client n° ${e.target._id}` : e.target.username}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} span>
                      {e.changes.map((c) => WHAT[c]).join(', ')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {detailOf(e)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <Pager page={page} pageSize={10} total={d.total} onPage={setPage} />
          </>
        )}
      </ReadView>
    </Paper>
  );
}
