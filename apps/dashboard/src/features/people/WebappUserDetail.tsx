import { Link } from 'react-router';
import { Anchor, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { PEOPLE } from '@campsite/shared';
import { NetworkError } from '@campsite/shared/client';
import { FlashBanner, useFlash } from '../../components/flash';
import { BackToList, DetailCard, ReadView } from '../../components/list';
import { SendToUserForm } from '../../components/notifications';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { day, dayTime, orNone } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useClient, useSendActivation, useWebappUser } from './api/people-queries';
import { Field } from './ClientCard';
import { webappCrumbs } from './crumbs';
import { Email } from './Email';
import { langName, webappCivility, yesNo } from './labels';

/** A guest app user: their details (and the activation link sent again), their client file and their stay. */
export function WebappUserDetail({ id }: { id: string }) {
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
      if (ok) flash.setSuccess(PEOPLE.activationSent(u.email));
      else flash.setError(PEOPLE.activationFailed);
    } catch (err) {
      flash.setError(err instanceof NetworkError ? PEOPLE.activationNetwork : errorSentence(PEOPLE.activationFailed, err));
    }
  }

  const c = client.data || null;
  return (
    <>
      <PageHeader
        title={PEOPLE.webappTitle}
        crumbs={[...webappCrumbs, { label: u ? `${u.firstname} ${u.lastname}` : id }]}
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
            <DetailCard title={PEOPLE.details}>
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
                      {PEOPLE.notActivated}
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
                      {PEOPLE.resendActivation}
                    </Button>
                  </Stack>
                )}
            </DetailCard>
            <DetailCard title={PEOPLE.clientFile}>
                {!u.client_number ? (
                  <Text size="sm">{PEOPLE.notProvided}</Text>
                ) : (
                  <Stack gap="xs">
                    <Field label="N° client">
                      <Anchor component={Link} to={`/users/clients/${encodeURIComponent(u.client_number)}`}>
                        {u.client_number}
                      </Anchor>
                    </Field>
                    <Field label="Nom">{orNone(c?.lastname)}</Field>
                    <Field label="Prénom">{orNone(c?.firstname)}</Field>
                    <Field label="Civilité">{c?.civility === 'female' ? PEOPLE.madame : c?.civility === 'male' ? PEOPLE.monsieur : PEOPLE.notProvided}</Field>
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
            <DetailCard title={PEOPLE.stay}>
                {!u.stay ? (
                  <Text size="sm">{PEOPLE.noStayForUser}</Text>
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
          <SendToUserForm user={u._id} flash={flash} />
        </Stack>
        )}
      </ReadView>
    </>
  );
}
