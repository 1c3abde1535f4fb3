import { useEffect, useRef } from 'react';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportDoc } from '@campsite/shared';
import { IMPORTS, imports, PEOPLE } from '@campsite/shared';
import { useSession } from '../shell/session';
import { useCall } from '../lib/query';
import { dayTime } from '../lib/format';
import { afterImport } from '../lib/imports';
import { ImportRefused } from './ImportRefused';

type Kind = ImportDoc['kind'];

/**
 * The sentence of an import's result (002 §8), naming each failed row and why, and its box's colour: red
 * only when nothing was imported, orange when some rows were refused (issue 20), green otherwise.
 */
export function importResult(doc: ImportDoc): { ok: boolean; color: 'green' | 'orange' | 'red'; text: string } {
  if (doc.status === 'failed') return { ok: false, color: 'red', text: `${PEOPLE.importFailed} : ${doc.message ?? ''}` };
  const refused = Math.max(doc.refused ?? 0, doc.failures.length);
  if (refused) {
    const shown = doc.failures.slice(0, 30).map((f) => `ligne ${f.line}${f.number ? ` (n° ${f.number})` : ''} : ${f.reason}`);
    const more = refused > shown.length ? ` … et ${refused - shown.length} autre${refused - shown.length > 1 ? 's' : ''}` : '';
    return { ok: false, color: 'orange', text: IMPORTS.reservationsFailed(refused, shown.join(' ; ') + more) };
  }
  if (doc.message) return { ok: true, color: 'green', text: doc.message };
  const text = doc.kind === 'roomlist' ? PEOPLE.roomlistImported : doc.kind === 'extraction' ? PEOPLE.clientsImported : PEOPLE.reservationsImported;
  return { ok: true, color: 'green', text };
}

/** '0 création', '1 ligne lue', '2 lignes lues': French takes the singular below 2. */
const count = (n: number, one: string, many: string) => `${n} ${n < 2 ? one : many}`;

const running = (d: ImportDoc | false | undefined) => !!d && (d.status === 'pending' || d.status === 'running');

/**
 * The latest import of a kind: its progress bar while it runs (polled each second, so that it is there
 * again after leaving the page and coming back), then its result, kept until the next import.
 */
export function ImportProgress({ kind, startedAt }: { kind: Kind; startedAt?: number }) {
  const { timeZone } = useSession();
  const client = useQueryClient();
  const latest = useCall(imports.latest, { kind }, { refetchInterval: (q) => (running(q.state.data as ImportDoc | false) ? 1000 : false) });
  const doc = latest.data;
  const wasRunning = useRef(false);

  useEffect(() => {
    if (startedAt) void latest.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startedAt]);
  useEffect(() => {
    // when a run ends, the lists show what it wrote
    if (running(doc)) wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      for (const d of afterImport) void client.invalidateQueries({ queryKey: [d.path] });
    }
  }, [doc, client]);

  if (!doc) return null;
  if (running(doc)) {
    const pct = doc.total ? Math.round((doc.done / doc.total) * 100) : 0;
    return (
      <Stack gap={4} role="status" aria-live="polite">
        <Group justify="space-between">
          <Text size="sm">{doc.status === 'pending' ? PEOPLE.importQueued : PEOPLE.importRunning(doc.done, doc.total)}</Text>
          <Text size="sm" c="dimmed">
            {pct} %
          </Text>
        </Group>
        <Progress value={pct} animated aria-label="Avancement de l'import" />
      </Stack>
    );
  }
  const result = importResult(doc);
  return (
    <Alert color={result.color} role={result.color === 'red' ? 'alert' : 'status'} title={`Dernier import : ${dayTime(doc.finished_time ?? doc.created_time, timeZone)}`}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {result.text}
      </Text>
      {doc.status === 'done' && (
        <Text size="xs" c="dimmed" mt={4}>
          {count(doc.total, 'ligne lue', 'lignes lues')} · {count(doc.created, 'création', 'créations')} · {count(doc.updated, 'mise à jour', 'mises à jour')}
          {doc.refused > 0 && ` · ${count(doc.refused, 'ligne refusée', 'lignes refusées')}`}
        </Text>
      )}
      <ImportRefused doc={doc} />
    </Alert>
  );
}

/** A file picked in the browser as the server reads it: a data URL of its bytes (any encoding). */
export function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
