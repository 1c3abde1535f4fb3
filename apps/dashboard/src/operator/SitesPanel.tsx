import { useState } from 'react';
import { Alert, Anchor, Button, Code, Group, Loader, Modal, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { OPERATOR, operatorCalls, PLANS, SITE_CARE, type OperatorSite } from '@campsite/shared';
import { errorSentence } from '../lib/errors';
import { dayTime, figure } from '../lib/format';
import { useCall, useCallMutation } from '../lib/query';
import { WholeBadge } from '../components/WholeBadge';
import { NewSiteForm, type Created } from './NewSiteForm';
import { SiteBackups } from './SiteBackups';

const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;
const PLAN_NAMES: Record<(typeof PLANS)[number], string> = { essentiel: 'Essentiel', premium: 'Premium' };

/** The sites table: host names, plan (changed in place), state, health, suspend / resume, and each site's backups. */
export function SitesPanel() {
  const sites = useCall(operatorCalls.sites);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [flash, setFlash] = useState<{ ok: boolean; text: string } | null>(null);
  const [backupsOf, setBackupsOf] = useState<number | null>(null);
  const shown = sites.data?.find((s) => s._id === backupsOf);
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600} component="h2" size="lg" m={0}>
          Campings {sites.data ? `(${figure(sites.data.length)})` : ''}
        </Text>
        <Button onClick={() => setCreating(true)}>Nouveau camping</Button>
      </Group>
      {created && (
        <Alert color="green" withCloseButton closeButtonLabel="Fermer" onClose={() => setCreated(null)} role="status">
          <Text size="sm">{OPERATOR.siteCreated}</Text>
          <Text size="sm">
            {created.dashboard_host} — identifiant <Code>{created.login}</Code>, mot de passe <Code>{created.password}</Code>
          </Text>
          {created.mail && <Text size="sm" c={created.mail.sent ? undefined : 'red.9'}>{created.mail.text}</Text>}
        </Alert>
      )}
      {flash && (
        <Alert color={flash.ok ? 'green' : 'red'} withCloseButton closeButtonLabel="Fermer" onClose={() => setFlash(null)} role={flash.ok ? 'status' : 'alert'}>
          {flash.text}
        </Alert>
      )}
      {sites.isPending && <Loader role="status" aria-label="Chargement" />}
      {sites.isError && <Alert color="red">{errorSentence('Impossible de récupérer les campings', sites.error)}</Alert>}
      {sites.data && sites.data.length === 0 && <Text c="dimmed">Aucun camping pour le moment : créez le premier.</Text>}
      {sites.data && sites.data.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Camping</Table.Th>
                <Table.Th>Formule</Table.Th>
                <Table.Th>État</Table.Th>
                <Table.Th>Santé</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sites.data.map((s) => (
                <SiteRow key={s._id} site={s} onDone={setFlash} onBackups={() => setBackupsOf(s._id)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {/* inside the page's <main>: a portal would make its <header> a second banner (axe) */}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Nouveau camping" centered size="lg" withinPortal={false}>
        <NewSiteForm
          onCancel={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
          }}
        />
      </Modal>
      <Modal opened={!!shown} onClose={() => setBackupsOf(null)} title={shown ? SITE_CARE.backupsOf(shown.dashboard_host) : ''} centered size="xl" withinPortal={false}>
        {shown && <SiteBackups site={shown} />}
      </Modal>
    </Stack>
  );
}

function SiteRow({ site, onDone, onBackups }: { site: OperatorSite; onDone: (f: { ok: boolean; text: string }) => void; onBackups: () => void }) {
  const plan = useCallMutation(operatorCalls.plan, [operatorCalls.sites]);
  const suspend = useCallMutation(operatorCalls.suspend, [operatorCalls.sites]);
  const resume = useCallMutation(operatorCalls.resume, [operatorCalls.sites]);
  const run = async (action: string, done: string, go: () => Promise<unknown>) => {
    try {
      const answer = await go();
      onDone(answer === false ? { ok: false, text: OPERATOR.unknownSite } : { ok: true, text: done });
    } catch (err) {
      onDone({ ok: false, text: errorSentence(action, err) });
    }
  };
  const active = site.state === 'active';
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Anchor href={`//${site.dashboard_host}`} target="_blank" rel="noreferrer" size="sm">
            {site.dashboard_host}
          </Anchor>
          <Text size="xs" c="dimmed">
            Clients : {site.guest_host}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`Formule de ${site.dashboard_host}`}
          size="xs"
          value={site.plan}
          disabled={plan.isPending}
          data={PLANS.map((p) => ({ value: p, label: PLAN_NAMES[p] }))}
          onChange={(e) => {
            const next = e.currentTarget.value as OperatorSite['plan'];
            void run('Impossible de changer la formule', OPERATOR.planSet(site.dashboard_host, PLAN_NAMES[next]), () => plan.mutateAsync({ id: site._id, plan: next }));
          }}
        />
      </Table.Td>
      <Table.Td>
        <WholeBadge color={active ? 'teal' : 'orange'}>{active ? 'Actif' : 'Suspendu'}</WholeBadge>
      </Table.Td>
      <Table.Td>
        <Health health={site.health} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {active ? (
            <Button size="xs" variant="default" color="orange" loading={suspend.isPending} onClick={() => void run('Impossible de suspendre le camping', OPERATOR.suspended(site.dashboard_host), () => suspend.mutateAsync({ id: site._id }))}>
              Suspendre
            </Button>
          ) : (
            <Button size="xs" variant="default" loading={resume.isPending} onClick={() => void run('Impossible de reprendre le camping', OPERATOR.resumed(site.dashboard_host), () => resume.mutateAsync({ id: site._id }))}>
              Reprendre
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onBackups} aria-label={SITE_CARE.backupsOf(site.dashboard_host)}>
            {SITE_CARE.backups}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Health({ health }: { health: OperatorSite['health'] }) {
  if (!health.answers) {
    return (
      <Text size="sm" c="red.8">
        {health.error}
      </Text>
    );
  }
  const backup = health.last_backup ? `${dayTime(health.last_backup.at, TZ)}${health.last_backup.ok ? '' : ' (échouée)'}` : 'aucune';
  return (
    <Text size="xs" component="div">
      Dernière requête : {health.last_request ? dayTime(health.last_request, TZ) : 'aucune'}
      <br />
      Tâches en attente : {figure(health.jobs_waiting)} · E-mails en échec : <span style={health.failed_mails ? { color: 'var(--mantine-color-red-8)' } : undefined}>{figure(health.failed_mails)}</span>
      <br />
      Dernière sauvegarde : {backup} · Schéma : {health.schema_version?.replace(/\.sql$/, '') ?? '—'}
    </Text>
  );
}
