import { Avatar, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { IconTrash } from '@tabler/icons-react';
import { PERMISSIONS, PEOPLE } from '@campsite/shared';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash, withFlash } from '../../components/flash';
import { BackToList, ReadView } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { dayTime } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useStaffDelete, useStaffMember } from './api/people-queries';
import { Field } from './ClientCard';
import { Email } from './Email';
import { staffCrumbs } from './crumbs';
import { AuditLog } from './AuditLog';
import { mayChangeCredentials } from './staff-rules';
import { FLAG_LABELS, PasswordReset, PermissionsForm } from './StaffForms';

/** A member's file: identity, password reset, permissions, and deletion by a super user. */
export function StaffDetail({ id }: { id: string }) {
  const { timeZone, user: me } = useSession();
  const member = useStaffMember(id);
  const flash = useFlash();
  const navigate = useNavigate();
  const remove = useStaffDelete();
  const confirm = useConfirm();
  const u = member.data || null;
  const isSuper = me.permissions.super === 1;

  async function onDelete() {
    if (!u || !(await confirm({ message: PEOPLE.deleteUserConfirm }))) return;
    try {
      if (await remove.mutateAsync({ id: u._id })) {
        navigate('/users/dashboard', withFlash(PEOPLE.userDeleted(`${u.firstname} ${u.lastname}`.trim() || u.username)));
      } else flash.setError(errorSentence("Impossible de supprimer l'utilisateur", null, 1));
    } catch (err) {
      flash.setError(errorSentence("Impossible de supprimer l'utilisateur", err, 2));
    }
  }

  return (
    <>
      <PageHeader
        title={u ? `${u.firstname} ${u.lastname}` : PEOPLE.dashboardTitle}
        crumbs={[...staffCrumbs, { label: u ? u.username : id }]}
        actions={
          <Group gap="xs">
            {u && isSuper && u._id !== me._id && (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()} loading={remove.isPending}>
                Supprimer l'utilisateur
              </Button>
            )}
            <BackToList to="/users/dashboard" />
          </Group>
        }
      />
      <FlashBanner flash={flash} />
      <ReadView read={member} failed="Impossible de récupérer l'utilisateur" empty="Cet utilisateur n'existe pas ou a été supprimé." isEmpty={(d) => d === false}>
        {(u) => u && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <Paper withBorder p="md" radius="md">
                <Group mb="sm">
                  <Avatar size="lg" src={u.avatar ? `/api/dashboard/files/get?id=${u.avatar}&width=192` : null} alt="" name={`${u.firstname} ${u.lastname}`} />
                  <div>
                    <Title order={2} size="h4">
                      {u.firstname} {u.lastname}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {u.username}
                    </Text>
                  </div>
                </Group>
                <SimpleGrid cols={2} spacing="xs">
                  <Field label="E-mail">
                    <Email value={u.email} />
                  </Field>
                  <Field label="Identifiant">{u.username}</Field>
                  <Field label="Création">{dayTime(u.created_time, timeZone)}</Field>
                  <Field label="Édition">{dayTime(u.edited_time, timeZone)}</Field>
                </SimpleGrid>
              </Paper>
              {/* offered only where the server would accept it (super, or every flag of a non-super account) */}
              {mayChangeCredentials(me, u) && u._id !== me._id && <PasswordReset key={`pw-${u._id}`} user={u} flash={flash} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              {/* the switches and their button are a super user's only: nobody else is offered what cannot change */}
              {isSuper && <PermissionsForm key={`perm-${u._id}-${u.edited_time}`} user={u} flash={flash} editable />}
              {!isSuper && (
                <Paper withBorder p="md" radius="md">
                  <Title order={2} size="h5" mb="xs">
                    Permissions
                  </Title>
                  <Text size="sm">{PERMISSIONS.filter((p) => u.permissions[p] === 1).map((p) => FLAG_LABELS[p]).join(', ') || 'Aucune'}</Text>
                </Paper>
              )}
              {isSuper && <AuditLog user={u._id} />}
            </Stack>
          </Grid.Col>
        </Grid>
        )}
      </ReadView>
    </>
  );
}
