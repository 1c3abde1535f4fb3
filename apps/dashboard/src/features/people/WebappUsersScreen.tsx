import { Link, useNavigate, useParams } from 'react-router';
import { Anchor, Button, Grid, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { PPL, webappUserListQuery, webappUsers } from '@campsite/shared';
import { NetworkError } from '@campsite/shared/client';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { FlashBanner, useFlash } from '../../components/flash';
import { ListTable } from '../../components/ListScreen';
import { BackToList, DetailCard, PagedList, ReadView, SearchActions, SortTh, Stacked, StackTh, useCappedCount, useListQuery, useTextFields, type ListQuery } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useClient, useSendActivation, useWebappUser, useWebappUsers } from './api/people-queries';
import { Field } from './ClientCard';
import { langName, webappCivility, yesNo } from './labels';
import { day, dayTime, orNone } from '../../lib/format';
import { Email } from './Email';

const crumbs = [...navCrumbs('/utilisateurs'), { label: PPL.webappTitle, to: '/users/webapp' }];
const TEXTS = ['client_number', 'lastname', 'firstname', 'email'] as const;

/** 002 §2 'Utilisateurs (webapp)': the list and, with an id, the user's detail (same screen). */
export default function WebappUsersScreen() {
  const { id } = useParams();
  return id ? <WebappUserDetail id={id} /> : <WebappUserList />;
}

function WebappUserList() {
  const { timeZone } = useSession();
  // newest first unless asked otherwise
  const lq = useListQuery(webappUserListQuery, { order: 'desc' });
  const { filters } = lq;
  const list = useWebappUsers(lq.query);
  // a page counts up to 1 000 matches: beyond ('more'), the exact figure is asked for these filters
  const count = useCappedCount(list, webappUsers.count, filters);
  const navigate = useNavigate();
  const sortProps = lq.sortProps;
  const th = (field: string, label: string) => <SortTh field={field} label={label} {...sortProps} />;

  return (
    <>
      <PageHeader title={PPL.webappTitle} crumbs={crumbs} description={lq.searched ? PPL.searchResults : PPL.allWebappUsers} />
      {/* afresh when the search changes, not when the page, the sort or the 'activated' select does (focus stays there) */}
      <UserFilters key={JSON.stringify(TEXTS.map((k) => filters[k] ?? null))} lq={lq} />
      <PagedList lq={lq} read={list} count={count} failed="Impossible de récupérer les utilisateurs" empty={PPL.emptyWebappUsers} noResult={PPL.noResult}>
        {(rows) => (
          <>
            {/* the spec's eleven columns in seven, pairs one above the other: the list fits a 1024 px screen */}
            <ListTable
              head={
                <>
                  <Table.Th>{PPL.details}</Table.Th>
                  <StackTh parts={[{ label: 'N°\u00a0Client', field: 'client_number' }, { label: 'N°\u00a0Séjour' }]} {...sortProps} />
                  <StackTh parts={[{ label: 'Nom', field: 'lastname' }, { label: 'Prénom' }]} {...sortProps} />
                  <StackTh parts={[{ label: 'Civilité' }, { label: 'Date de naissance' }]} {...sortProps} />
                  {th('email', 'E-mail')}
                  <Table.Th>{PPL.accountActivated}</Table.Th>
                  <StackTh parts={[{ label: 'Création', field: 'created_time' }, { label: 'Édition', field: 'edited_time' }]} {...sortProps} />
                </>
              }
            >
              {rows.map((u) => (
                <Table.Tr key={u._id}>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" onClick={() => navigate(`/users/webapp/${u._id}`)} aria-label={`${PPL.details} de ${u.firstname} ${u.lastname}`}>
                      {PPL.details}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      {u.client_number ? (
                        <Anchor component={Link} to={`/users/clients/${encodeURIComponent(u.client_number)}`} inherit>
                          {u.client_number}
                        </Anchor>
                      ) : (
                        <span>—</span>
                      )}
                      {u.stay ? (
                        <Anchor component={Link} to={`/users/sejours/${encodeURIComponent(u.stay.stay_number)}`} inherit>
                          {u.stay.stay_number}
                        </Anchor>
                      ) : (
                        <span>—</span>
                      )}
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <span>{orNone(u.lastname)}</span>
                      <span>{orNone(u.firstname)}</span>
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <span>{webappCivility(u.civility)}</span>
                      <span>{day(u.birthday, timeZone)}</span>
                    </Stacked>
                  </Table.Td>
                  <Table.Td>
                    <Email value={u.email} narrow />
                  </Table.Td>
                  <Table.Td bg={u.activate ? 'green.2' : 'red.2'} c="dark.9" fw={600}>
                    {yesNo(u.activate)}
                  </Table.Td>
                  <Table.Td>
                    <Stacked>
                      <span>{day(u.created_time, timeZone)}</span>
                      <span>{day(u.edited_time, timeZone)}</span>
                    </Stacked>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </PagedList>
    </>
  );
}

const LABELS: Record<(typeof TEXTS)[number], string> = { client_number: 'N° client', lastname: 'Nom', firstname: 'Prénom', email: 'E-mail' };

function UserFilters({ lq }: { lq: ListQuery<typeof webappUserListQuery> }) {
  const text = useTextFields(TEXTS, lq.filters);
  function search(e: React.FormEvent) {
    e.preventDefault();
    lq.search(text.patch());
  }
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <form onSubmit={search} aria-label="Rechercher des utilisateurs">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          {TEXTS.map((k) => (
            <TextInput key={k} label={LABELS[k]} {...text.input(k)} />
          ))}
          <NativeSelect
            label={PPL.accountActivated}
            value={lq.filters.activate ?? ''}
            onChange={(e) => lq.set({ activate: e.currentTarget.value || null, page: 1 })}
            data={[
              { value: '', label: 'Tous' },
              { value: 'yes', label: PPL.yes },
              { value: 'no', label: PPL.no },
            ]}
          />
        </SimpleGrid>
        <SearchActions onReset={() => (text.clear(), lq.clearSearch([...TEXTS, 'activate']))} />
      </form>
    </Paper>
  );
}

function WebappUserDetail({ id }: { id: string }) {
  const { timeZone } = useSession();
  const user = useWebappUser(id);
  const u = user.data || null;
  const client = useClient(u?.client_number ?? null);
  const send = useSendActivation();
  const flash = useFlash();

  async function resend() {
    if (!u) return;
    try {
      const ok = await send.mutateAsync({ email: u.email, firstname: u.firstname, lastname: u.lastname, activate: true });
      if (ok) flash.setSuccess(PPL.activationSent(u.email));
      else flash.setError(PPL.activationFailed);
    } catch (err) {
      flash.setError(err instanceof NetworkError ? PPL.activationNetwork : errorSentence(PPL.activationFailed, err));
    }
  }

  const c = client.data || null;
  return (
    <>
      <PageHeader
        title={PPL.webappTitle}
        crumbs={[...crumbs, { label: u ? `${u.firstname} ${u.lastname}` : id }]}
        actions={<BackToList to="/users/webapp" onBack={flash.clear} />}
      />
      <FlashBanner flash={flash} />
      <ReadView read={user} failed="Impossible de récupérer l’utilisateur" empty="Cet utilisateur n'existe pas ou a été supprimé." isEmpty={(d) => d === false}>
        {(u) => u && (
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4">
              {webappCivility(u.civility)} {u.firstname} {u.lastname}
            </Title>
            <Text c="dimmed" size="sm">
              {u.email}
            </Text>
          </Paper>
          <Grid>
            <DetailCard title={PPL.details}>
                <Stack gap="xs">
                  <Field label="Nom">{orNone(u.lastname)}</Field>
                  <Field label="Prénom">{orNone(u.firstname)}</Field>
                  <Field label="Civilité">{webappCivility(u.civility)}</Field>
                  <Field label="Date de naissance">{day(u.birthday, timeZone)}</Field>
                  <Field label="E-mail">
                    <Email value={u.email} />
                  </Field>
                  <Field label="Date d'inscription">{dayTime(u.created_time, timeZone)}</Field>
                  <Field label="ID">{u._id}</Field>
                  <Field label="Activé">{yesNo(u.activate)}</Field>
                </Stack>
                {!u.activate && (
                  <Stack gap="xs" mt="md">
                    <Text size="sm" c="red.8">
                      {PPL.notActivated}
                    </Text>
                    <Button
                      leftSection={<IconMailForward size={16} />}
                      loading={send.isPending}
                      onClick={() => void resend()}
                      // the sentence wraps in a third of a 1024 px screen instead of being cut
                      h="auto"
                      py={8}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                    >
                      {PPL.resendActivation}
                    </Button>
                  </Stack>
                )}
            </DetailCard>
            <DetailCard title={PPL.clientFile}>
                {!u.client_number ? (
                  <Text size="sm">{PPL.notProvided}</Text>
                ) : (
                  <Stack gap="xs">
                    <Field label="N° client">
                      <Anchor component={Link} to={`/users/clients/${encodeURIComponent(u.client_number)}`}>
                        {u.client_number}
                      </Anchor>
                    </Field>
                    <Field label="Nom">{orNone(c?.lastname)}</Field>
                    <Field label="Prénom">{orNone(c?.firstname)}</Field>
                    <Field label="Civilité">{c?.civility === 'female' ? PPL.madame : c?.civility === 'male' ? PPL.monsieur : PPL.notProvided}</Field>
                    <Field label="Date de naissance">{day(c?.birthday, timeZone)}</Field>
                    <Field label="Langue">{langName(c?.langage ?? null)}</Field>
                    <Field label="E-mail 1">
                      <Email value={c?.email1} />
                    </Field>
                    {c?.email2 && (
                      <Field label="E-mail 2">
                        <Email value={c.email2} />
                      </Field>
                    )}
                    <Field label="Téléphone 1">{orNone(c?.phone1)}</Field>
                    {c?.phone2 && <Field label="Téléphone 2">{c.phone2}</Field>}
                    {c?.phone3 && <Field label="Téléphone 3">{c.phone3}</Field>}
                    <Field label="Code d'activation">{orNone(c?.activation_code)}</Field>
                  </Stack>
                )}
            </DetailCard>
            <DetailCard title={PPL.stay}>
                {!u.stay ? (
                  <Text size="sm">{PPL.noStayForUser}</Text>
                ) : (
                  <Stack gap="xs">
                    <Field label="N° séjour">
                      <Anchor component={Link} to={`/users/sejours/${encodeURIComponent(u.stay.stay_number)}`}>
                        {u.stay.stay_number}
                      </Anchor>
                    </Field>
                    <Field label="Arrivée">{day(u.stay.arrival, timeZone)}</Field>
                    <Field label="Départ">{day(u.stay.departure, timeZone)}</Field>
                    <Field label="Emplacement">{orNone(u.stay.location)}</Field>
                  </Stack>
                )}
            </DetailCard>
          </Grid>
        </Stack>
        )}
      </ReadView>
    </>
  );
}
