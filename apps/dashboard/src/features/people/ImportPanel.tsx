import { useState } from 'react';
import { Button, FileInput, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileTypeCsv, IconListDetails } from '@tabler/icons-react';
import type { ImportDoc } from '@campsite/shared';
import { PEOPLE, reservationsInsert, roomlistInsert, roomlistUpdate } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { useContractForm } from '../../components/form';
import { useClients, useImportClients, usePms } from './api/people-queries';
import { ImportProgress, importResult, readFile } from '../../components/ImportProgress';
import { ImportPreview } from './ImportPreview';
import { RoomlistModal } from './RoomlistModal';

const CSV = '.csv,text/csv,text/plain';

/**
 * The import module of the active PMS (002 §2): amenitiz (and no PMS chosen) imports the reservations
 * files; koban imports room lists and shows the room list; the other PMS import by FTP every day.
 */
export function ImportPanel({ flash }: { flash: Flash }) {
  const pms = usePms();
  const name = pms.data?.name ?? '';
  const [room, setRoom] = useState(false);
  if (!pms.data) return null;
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {name === 'koban' ? 'Import de roomlist (koban)' : name && name !== 'amenitiz' ? `Import automatique (${name})` : 'Import des réservations'}
          </Title>
          {name === 'koban' && (
            <Button variant="light" leftSection={<IconListDetails size={16} />} onClick={() => setRoom(true)}>
              Voir la roomlist
            </Button>
          )}
        </Group>
        {name === 'koban' ? (
          <RoomlistImport flash={flash} />
        ) : name && name !== 'amenitiz' ? (
          <>
            <Text size="sm" c="dimmed">
              Les réservations sont importées chaque jour depuis le serveur FTP du PMS (paramètres administrateur).
            </Text>
            <ImportProgress kind="pms" />
          </>
        ) : (
          <ReservationsImport flash={flash} />
        )}
      </Stack>
      {room && <RoomlistModal onClose={() => setRoom(false)} />}
    </Paper>
  );
}

function announce(flash: Flash, doc: ImportDoc | false) {
  if (!doc) return flash.setError(PEOPLE.importFailed);
  if (doc.status === 'pending' || doc.status === 'running') return flash.clear();
  const r = importResult(doc);
  if (r.ok) flash.setSuccess(r.text);
  else flash.setError(r.text);
}

interface FilesValues extends Record<string, unknown> {
  clients: string | null;
  reservations: string | null;
}

/** Reservations (amenitiz): the clients file and the stays file, at least one. */
function ReservationsImport({ flash }: { flash: Flash }) {
  const run = useImportClients();
  const [names, setNames] = useState<{ clients: File | null; reservations: File | null }>({ clients: null, reservations: null });
  const [started, setStarted] = useState<number>();
  const f = useContractForm({
    initial: { clients: null, reservations: null } as FilesValues,
    schema: reservationsInsert,
    toBody: (v) => ({ clients: v.clients, reservations: v.reservations }),
    save: (body) => run.mutateAsync(body),
    action: PEOPLE.importFailed,
    success: '',
    onSaved: (answer) => {
      announce(flash, answer as ImportDoc | false);
      setStarted(Date.now());
      setNames({ clients: null, reservations: null });
      // the files go (and their preview): reset() would bring back the values saved as the new initial ones
      const empty = { clients: null, reservations: null };
      f.form.setValues(empty);
      f.form.resetDirty(empty);
    },
    flash,
  });
  const pick = (key: 'clients' | 'reservations') => async (file: File | null) => {
    setNames((n) => ({ ...n, [key]: file }));
    f.form.setFieldValue(key, file ? await readFile(file) : null);
  };
  return (
    <form onSubmit={f.onSubmit} noValidate aria-label="Import des réservations">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FileInput label="Fichier des clients" accept={CSV} clearable clearButtonProps={{ 'aria-label': 'Retirer le fichier des clients' }} leftSection={<IconFileTypeCsv size={16} />} value={names.clients} onChange={pick('clients')} error={f.form.errors.clients} data-path="clients" />
          <FileInput label="Fichier des séjours" accept={CSV} clearable clearButtonProps={{ 'aria-label': 'Retirer le fichier des séjours' }} leftSection={<IconFileTypeCsv size={16} />} value={names.reservations} onChange={pick('reservations')} error={f.form.errors.reservations} />
        </SimpleGrid>
        {/* before importing: what will be read in each chosen file (issue 20) */}
        <ImportPreview data={f.form.values.clients} name={names.clients?.name ?? ''} />
        <ImportPreview data={f.form.values.reservations} name={names.reservations?.name ?? ''} />
        <Group justify="space-between" align="flex-start">
          <Text size="xs" c="dimmed" maw={560}>
            Fichiers CSV (séparateur « ; », UTF-8 ou Windows-1252, dates jj/mm/aaaa). Un même fichier importé deux fois ne change rien.
          </Text>
          <Button type="submit" loading={f.saving}>
            Importer
          </Button>
        </Group>
        <ImportProgress kind="reservations" startedAt={started} />
      </Stack>
    </form>
  );
}

interface InsertValues extends Record<string, unknown> {
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
  arrival: string;
  departure: string;
  file: string;
}
interface UpdateValues extends Record<string, unknown> {
  client: string;
  arrival: string;
  departure: string;
  file: string;
}

/** Room list (koban): insert a group, or update a client's dates (and participants). */
function RoomlistImport({ flash }: { flash: Flash }) {
  const [mode, setMode] = useState<'insert' | 'update' | null>(null);
  const [started, setStarted] = useState<number>();
  const done = (answer: unknown) => {
    announce(flash, answer as ImportDoc | false);
    setStarted(Date.now());
    setMode(null);
  };
  return (
    <Stack gap="sm">
      <Radio.Group label="Type d'import" value={mode ?? ''} onChange={(v) => (flash.clear(), setMode(v as 'insert' | 'update'))}>
        <Group mt={4}>
          <Radio value="insert" label="Nouvelle roomlist" />
          <Radio value="update" label="Mettre à jour une roomlist" />
        </Group>
      </Radio.Group>
      {mode === 'insert' && <RoomlistInsertForm key="insert" flash={flash} onDone={done} />}
      {mode === 'update' && <RoomlistUpdateForm key="update" flash={flash} onDone={done} />}
      <ImportProgress kind="roomlist" startedAt={started} />
    </Stack>
  );
}

function CsvPicker({ value, onPick, error, required }: { value: File | null; onPick(f: File | null): void; error?: unknown; required?: boolean }) {
  return (
    <FileInput label="Fichier CSV des participants" accept={CSV} clearable clearButtonProps={{ 'aria-label': 'Retirer le fichier' }} required={required} leftSection={<IconFileTypeCsv size={16} />} value={value} onChange={onPick} error={error as string | undefined} data-path="file" />
  );
}

function RoomlistInsertForm({ flash, onDone }: { flash: Flash; onDone(answer: unknown): void }) {
  const run = useImportClients();
  const [file, setFile] = useState<File | null>(null);
  const f = useContractForm({
    initial: { lastname: '', firstname: '', email: '', phone: '', arrival: '', departure: '', file: '' } as InsertValues,
    schema: roomlistInsert,
    toBody: (v) => ({ ...v }),
    save: (body) => run.mutateAsync(body),
    action: PEOPLE.importFailed,
    success: PEOPLE.roomlistImported,
    onSaved: onDone,
    flash,
  });
  const input = (path: keyof InsertValues & string) => f.form.getInputProps(path);
  return (
    <form onSubmit={f.onSubmit} noValidate aria-label="Nouvelle roomlist">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nom" required {...input('lastname')} />
          <TextInput label="Prénom" required {...input('firstname')} />
          <TextInput label="E-mail" type="email" required {...input('email')} />
          <TextInput label="Téléphone" type="tel" required {...input('phone')} />
          <TextInput label="Date d'arrivée" placeholder="jj/mm/aaaa" required {...input('arrival')} />
          <TextInput label="Date de départ" placeholder="jj/mm/aaaa" required {...input('departure')} />
        </SimpleGrid>
        <CsvPicker
          required
          value={file}
          error={f.form.errors.file}
          onPick={async (picked) => {
            setFile(picked);
            f.form.setFieldValue('file', picked ? await readFile(picked) : '');
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={f.saving}>
            Importer la roomlist
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RoomlistUpdateForm({ flash, onDone }: { flash: Flash; onDone(answer: unknown): void }) {
  const run = useImportClients();
  const [file, setFile] = useState<File | null>(null);
  const [search, setSearch] = useState('');
  const found = useClients({ lastname: search || undefined, per_page: 25, sort: 'client_number' });
  const f = useContractForm({
    initial: { client: '', arrival: '', departure: '', file: '' } as UpdateValues,
    schema: roomlistUpdate,
    toBody: (v) => ({ client: v.client, arrival: v.arrival, departure: v.departure, ...(v.file ? { file: v.file } : {}) }),
    save: (body) => run.mutateAsync(body),
    action: PEOPLE.importFailed,
    success: PEOPLE.roomlistImported,
    onSaved: onDone,
    flash,
  });
  const options = (found.data?.rows ?? []).map((c) => ({ value: c.client_number, label: `${c.firstname} ${c.lastname} — ${c.email1 ?? 'sans e-mail'}` }));
  return (
    <form onSubmit={f.onSubmit} noValidate aria-label="Mettre à jour une roomlist">
      <Stack gap="sm">
        <Select
          label="Client"
          placeholder="Tapez le début du nom"
          required
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          data={options}
          nothingFoundMessage="Aucun client"
          {...f.form.getInputProps('client')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Date d'arrivée" placeholder="jj/mm/aaaa" required {...f.form.getInputProps('arrival')} />
          <TextInput label="Date de départ" placeholder="jj/mm/aaaa" required {...f.form.getInputProps('departure')} />
        </SimpleGrid>
        <CsvPicker
          value={file}
          error={f.form.errors.file}
          onPick={async (picked) => {
            setFile(picked);
            f.form.setFieldValue('file', picked ? await readFile(picked) : '');
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={f.saving}>
            Mettre à jour la roomlist
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
