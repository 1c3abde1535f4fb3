import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Anchor, Button, FileInput, Grid, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarEvent, IconDeviceMobile, IconFileTypeCsv, IconId, IconSearch, IconUserShield } from '@tabler/icons-react';
import type { ImportDoc } from '@campsite/shared';
import { clients, CORE, PEOPLE, stays, webappUsers } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { navCrumbs } from '../../shell/nav';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useUploadExtraction } from './api/people-queries';
import { StaffCreateForm } from './StaffCreateForm';
import { ImportProgress, importResult, readFile } from '../../components/ImportProgress';

const SECTIONS = [
  { to: '/users/webapp', label: PEOPLE.webappTitle, text: "Les comptes créés par vos clients sur l'application.", icon: IconDeviceMobile },
  { to: '/users/clients', label: PEOPLE.clientsTitle, text: 'Les fiches clients importées de votre logiciel de réservation.', icon: IconId },
  { to: '/users/sejours', label: PEOPLE.staysTitle, text: 'Les séjours de vos clients, leurs dates et emplacements.', icon: IconCalendarEvent },
  { to: '/users/dashboard', label: PEOPLE.dashboardTitle, text: "Les membres de l'équipe qui ont accès au dashboard.", icon: IconUserShield },
];

/** A query string of the non-empty fields, marked as coming from a search (list title 'Résultats de votre recherche'). */
const searchParams = (fields: Record<string, string>) => {
  const p = new URLSearchParams(Object.entries(fields).filter(([, v]) => v.trim()) as [string, string][]);
  p.set('search', '1');
  return p.toString();
};
const trimmed = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim() || undefined]));

/**
 * 002 §2 'User management hub': the four lists, the searches (nothing happens when every field is empty;
 * one result opens its detail, several open the list), the creation of a dashboard user and the import
 * of a client extraction file.
 */
export default function HubScreen() {
  const flash = useFlash();
  const location = useLocation();
  const [creating, setCreating] = useState(location.hash === '#nouvel-utilisateur');
  useEffect(() => setCreating(location.hash === '#nouvel-utilisateur'), [location.hash]);

  return (
    <>
      <PageHeader title={PEOPLE.hubTitle} crumbs={navCrumbs('/utilisateurs')} />
      <FlashBanner flash={flash} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="lg">
        {SECTIONS.map((s) => (
          <Paper key={s.to} withBorder p="md" radius="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <s.icon size={28} aria-hidden />
              <div>
                <Anchor component={Link} to={s.to} fw={700}>
                  {s.label}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {s.text}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>

      <Grid>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <WebappSearch flash={flash} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ClientSearch flash={flash} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <StaySearch flash={flash} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {creating ? (
            <StaffCreateForm flash={flash} onCancel={() => setCreating(false)} />
          ) : (
            <Block title="Utilisateurs du dashboard">
              <Text size="sm" c="dimmed">
                Donnez accès au dashboard à un membre de votre équipe.
              </Text>
              <Group justify="flex-end">
                <Button onClick={() => (flash.clear(), setCreating(true))}>Créer un utilisateur</Button>
              </Group>
            </Block>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ExtractionImport flash={flash} />
        </Grid.Col>
      </Grid>
    </>
  );
}

function Block({ title, children, onSubmit, label }: { title: string; children: ReactNode; onSubmit?(e: React.FormEvent): void; label?: string }) {
  return (
    <Paper withBorder p="md" radius="md" h="100%" component={onSubmit ? 'form' : 'section'} onSubmit={onSubmit} noValidate aria-label={label ?? title}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * One search form: its fields, and where its answer leads (002 §2): no result is said, exactly one opens
 * its detail, several open the list with the search in its address.
 */
function useSearch(flash: Flash, initial: Record<string, string>, find: (fields: Record<string, string>) => Promise<{ total: number; detail: () => string; list: string }>) {
  const navigate = useNavigate();
  const run = async (fields: Record<string, string>) => {
    const found = await find(fields);
    if (found.total === 0) flash.setError(PEOPLE.noResult);
    else navigate(found.total === 1 ? found.detail() : `${found.list}?${searchParams(fields)}`);
  };
  const [fields, setFields] = useState(initial);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    // a search with every field empty does nothing (002 §5)
    if (Object.values(fields).every((v) => !v.trim())) return;
    setBusy(true);
    flash.clear();
    try {
      await run(fields);
    } catch (err) {
      flash.setError(errorSentence('Impossible de lancer la recherche', err));
    } finally {
      setBusy(false);
    }
  };
  const input = (key: string, label: string) => <TextInput label={label} value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.currentTarget.value })} />;
  return { fields, setFields, busy, onSubmit, input };
}

function SearchButton({ busy }: { busy: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" variant="light" loading={busy} leftSection={<IconSearch size={16} />}>
        Rechercher
      </Button>
    </Group>
  );
}

function WebappSearch({ flash }: { flash: Flash }) {
  const s = useSearch(flash, { client_number: '', lastname: '', firstname: '', email: '' }, async (f) => {
    const page = await api(webappUsers.search, { ...trimmed(f), per_page: 5 });
    return { total: page.total, detail: () => `/users/webapp/${page.rows[0]._id}`, list: '/users/webapp' };
  });
  return (
    <Block title={`Rechercher un utilisateur de l'application`} onSubmit={(e) => void s.onSubmit(e)} label="Rechercher un utilisateur de l'application">
      <SimpleGrid cols={2} spacing="xs">
        {s.input('client_number', 'N° client')}
        {s.input('lastname', 'Nom')}
        {s.input('firstname', 'Prénom')}
        {s.input('email', 'E-mail')}
      </SimpleGrid>
      <SearchButton busy={s.busy} />
    </Block>
  );
}

function ClientSearch({ flash }: { flash: Flash }) {
  const s = useSearch(flash, { client_number: '', lastname: '', firstname: '', email: '', phone: '', code: '', client_type: '' }, async (f) => {
    const page = await api(clients.search, { ...trimmed(f), per_page: 5 } as never);
    return { total: page.total, detail: () => `/users/clients/${encodeURIComponent(page.rows[0].client_number)}`, list: '/users/clients' };
  });
  return (
    <Block title="Rechercher une fiche client" onSubmit={(e) => void s.onSubmit(e)}>
      <SimpleGrid cols={2} spacing="xs">
        {s.input('client_number', 'N° client')}
        {s.input('code', "Code d'activation")}
        {s.input('lastname', 'Nom')}
        {s.input('firstname', 'Prénom')}
        {s.input('email', 'E-mail')}
        {s.input('phone', 'Téléphone')}
        <NativeSelect
          label="Type de client"
          value={s.fields.client_type}
          onChange={(e) => s.setFields({ ...s.fields, client_type: e.currentTarget.value })}
          data={[
            { value: '', label: 'Tous' },
            { value: 'tourist', label: PEOPLE.tourist },
            { value: 'resident', label: PEOPLE.resident },
          ]}
        />
      </SimpleGrid>
      <SearchButton busy={s.busy} />
    </Block>
  );
}

function StaySearch({ flash }: { flash: Flash }) {
  const s = useSearch(flash, { stay_number: '', client_number: '', location: '' }, async (f) => {
    const page = await api(stays.search, { ...trimmed(f), per_page: 5 } as never);
    return { total: page.total, detail: () => `/users/sejours/${encodeURIComponent(page.rows[0].stay_number)}`, list: '/users/sejours' };
  });
  return (
    <Block title="Rechercher un séjour" onSubmit={(e) => void s.onSubmit(e)}>
      <SimpleGrid cols={2} spacing="xs">
        {s.input('stay_number', 'N° séjour')}
        {s.input('client_number', 'N° client')}
        {s.input('location', 'Emplacement')}
      </SimpleGrid>
      <SearchButton busy={s.busy} />
    </Block>
  );
}

/** The client extraction file of the PMS, imported from the hub (a file is required). */
function ExtractionImport({ flash }: { flash: Flash }) {
  const upload = useUploadExtraction();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<number>();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setError(CORE.fileMissing);
    setError(null);
    try {
      const doc = (await upload.mutateAsync({ file: await readFile(file) })) as ImportDoc | false;
      setStarted(Date.now());
      setFile(null);
      if (!doc) flash.setError(errorSentence(PEOPLE.importFailed, null, 1));
      else if (doc.status === 'done' || doc.status === 'failed') {
        const r = importResult(doc);
        if (r.ok) flash.setSuccess(r.text);
        else flash.setError(r.text);
      }
    } catch (err) {
      flash.setError(errorSentence(PEOPLE.importFailed, err, 2));
    }
  }
  return (
    <Block title="Importer un fichier d'extraction clients" onSubmit={(e) => void onSubmit(e)}>
      <FileInput
        label="Fichier CSV"
        accept=".csv,text/csv,text/plain"
        clearable
        clearButtonProps={{ 'aria-label': 'Retirer le fichier' }}
        required
        leftSection={<IconFileTypeCsv size={16} />}
        value={file}
        onChange={(f) => (setFile(f), setError(null))}
        error={error}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={upload.isPending}>
          Importer
        </Button>
      </Group>
      <ImportProgress kind="extraction" startedAt={started} />
    </Block>
  );
}
