import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Anchor, Avatar, Button, Grid, Group, Paper, PasswordInput, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import type { DashboardUser, Permission, Permissions } from '@campsite/shared';
import { M, PERMISSIONS, PPL, userInsert, userUpdate } from '@campsite/shared';
import { NAV, navCrumbs } from '../../app/nav';
import { useSession } from '../../app/session';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { FormActions, FormFailure, useContractForm, type ContractForm } from '../../components/form';
import { FormCard } from '../../components/FormCard';
import { ListTable, Pager, SortTh, useListParams } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useStaff, useStaffDelete, useStaffInsert, useStaffMember, useStaffUpdate } from './api/people-queries';
import { Field } from './ClientCard';
import { day, dayTime } from './labels';
import { BackToList, Email, ReadView } from './parts';

const crumbs = [...navCrumbs('/utilisateurs'), { label: PPL.dashboardTitle, to: '/users/dashboard' }];

/** The flags with the sidebar's words (000 §2.4); super is the administrator. */
export const FLAG_LABELS: Record<Permission, string> = {
  ...(Object.fromEntries(NAV.map((e) => [e.flag, e.label])) as Record<Permission, string>),
  homepage: 'Dashboard (page d’accueil)',
  super: 'Administrateur (paramètres administrateur)',
};

/** 002 §2 'Utilisateurs (dashboard)': the list, and a member's file (flags, password, deletion). */
export default function DashboardUsersScreen() {
  const { id } = useParams();
  return id ? <StaffDetail id={id} /> : <StaffList />;
}

function StaffList() {
  const { timeZone } = useSession();
  const lp = useListParams({ sort: 'lastname', pageSize: 25 });
  const list = useStaff({ page: lp.page, per_page: 25, sort: lp.sort as 'lastname', order: lp.dir, search: lp.q || undefined });
  const navigate = useNavigate();
  const [q, setQ] = useState(lp.q);
  // a member's file deleted: its sentence here, where the deletion leads
  const flash = useFlash();
  const location = useLocation();
  const done = (location.state as { deleted?: string } | null)?.deleted;
  useEffect(() => {
    if (!done) return;
    flash.setSuccess(PPL.userDeleted(done));
    // said once: not again on a reload
    navigate({ search: location.search }, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  const th = (field: string, label: string) => <SortTh field={field} label={label} sort={lp.sort} dir={lp.dir} onSort={lp.toggleSort} />;
  return (
    <>
      <PageHeader
        title={PPL.dashboardTitle}
        crumbs={crumbs}
        actions={
          <Button variant="light" onClick={() => navigate('/utilisateurs#nouvel-utilisateur')}>
            Créer un utilisateur
          </Button>
        }
      />
      <FlashBanner flash={flash} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          lp.setQ(q.trim());
        }}
        aria-label="Rechercher un utilisateur du dashboard"
      >
        <Group mb="md" align="flex-end">
          <TextInput label="Rechercher (nom, prénom, identifiant, e-mail)" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={420} maw="100%" />
          <Button type="submit" variant="default" leftSection={<IconSearch size={16} />}>
            Rechercher
          </Button>
        </Group>
      </form>
      <ReadView read={list} failed="Impossible de récupérer les utilisateurs" empty={PPL.noResult} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <>
            <ListTable
              minWidth={720}
              head={
                <>
                  {/* first, as the guest users' 'Détails': in reach at 1024 px whatever the table's width */}
                  <Table.Th>
                    <VisuallyHidden>Fiche</VisuallyHidden>
                  </Table.Th>
                  {th('lastname', 'Nom')}
                  <Table.Th>Prénom</Table.Th>
                  {th('email', 'E-mail')}
                  {th('username', 'Identifiant')}
                  <Table.Th>Avatar</Table.Th>
                  {th('created_time', 'Création')}
                  {th('edited_time', 'Édition')}
                </>
              }
            >
              {data.rows.map((u) => (
                <Table.Tr key={u._id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={`/users/dashboard/${u._id}`} aria-label={`${PPL.seeFile} de ${u.firstname} ${u.lastname}`}>
                      {PPL.seeFile}
                    </Anchor>
                  </Table.Td>
                  <Table.Td fw={600}>{u.lastname}</Table.Td>
                  <Table.Td>{u.firstname}</Table.Td>
                  <Table.Td>
                    <Email value={u.email} />
                  </Table.Td>
                  <Table.Td>{u.username}</Table.Td>
                  <Table.Td>
                    <Avatar size="sm" src={u.avatar ? `/api/dashboard/files/get?id=${u.avatar}&width=192` : null} alt="" name={`${u.firstname} ${u.lastname}`} />
                  </Table.Td>
                  <Table.Td>{day(u.created_time, timeZone)}</Table.Td>
                  <Table.Td>{day(u.edited_time, timeZone)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <Pager page={lp.page} pageSize={25} total={data.total} onPage={lp.setPage} />
          </>
        )}
      </ReadView>
    </>
  );
}

const edit = (u: DashboardUser) => ({ id: u._id, lastname: u.lastname, firstname: u.firstname, email: u.email, username: u.username, avatar: u.avatar });

function StaffDetail({ id }: { id: string }) {
  const { timeZone, user: me } = useSession();
  const member = useStaffMember(id);
  const flash = useFlash();
  const navigate = useNavigate();
  const remove = useStaffDelete();
  const confirm = useConfirm();
  const u = member.data || null;
  const isSuper = me.permissions.super === 1;

  async function onDelete() {
    if (!u || !(await confirm({ message: PPL.deleteUserConfirm }))) return;
    try {
      if (await remove.mutateAsync({ id: u._id })) {
        navigate('/users/dashboard', { state: { deleted: `${u.firstname} ${u.lastname}`.trim() || u.username } });
      } else flash.setError(errorSentence("Impossible de supprimer l'utilisateur", null, 1));
    } catch (err) {
      flash.setError(errorSentence("Impossible de supprimer l'utilisateur", err, 2));
    }
  }

  return (
    <>
      <PageHeader
        title={u ? `${u.firstname} ${u.lastname}` : PPL.dashboardTitle}
        crumbs={[...crumbs, { label: u ? u.username : id }]}
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
              <PasswordReset key={`pw-${u._id}`} user={u} flash={flash} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PermissionsForm key={`perm-${u._id}-${u.edited_time}`} user={u} flash={flash} editable={isSuper} />
          </Grid.Col>
        </Grid>
        )}
      </ReadView>
    </>
  );
}

interface FlagValues extends Record<string, unknown> {
  permissions: Permissions;
}

/** The 13 flags, as switches named like the sidebar; only a super user changes them. */
function PermissionsForm({ user, flash, editable }: { user: DashboardUser; flash: Flash; editable: boolean }) {
  const update = useStaffUpdate();
  const f = useContractForm({
    initial: { permissions: Object.fromEntries(PERMISSIONS.map((p) => [p, user.permissions[p] === 1 ? 1 : 0])) as Permissions } as FlagValues,
    schema: userUpdate,
    toBody: (v) => ({ ...edit(user), permissions: v.permissions }),
    save: (body) => update.mutateAsync(body),
    refused: (answer) => (answer === 1 ? M.duplicateUsername : null),
    action: 'Impossible de mettre à jour les permissions',
    success: PPL.permissionsSaved,
    flash,
  });
  return (
    <InlineForm form={f as never} title="Permissions" submit="Enregistrer les permissions">
      {!editable && (
        <Text size="sm" c="dimmed">
          {M.permissionsSuperOnly}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {PERMISSIONS.map((p) => (
          <Switch
            key={p}
            label={FLAG_LABELS[p]}
            disabled={!editable}
            checked={f.form.values.permissions[p] === 1}
            onChange={(e) => f.form.setFieldValue(`permissions.${p}`, e.currentTarget.checked ? 1 : 0)}
          />
        ))}
      </SimpleGrid>
    </InlineForm>
  );
}

/**
 * A titled form of a detail page. Unlike FormCard it does not take the focus when the page opens: the
 * page holds several forms and the user chooses one.
 */
function InlineForm({ form, title, submit, children }: { form: ContractForm<never>; title: string; submit: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={form.onSubmit} noValidate aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        <FormFailure form={form} />
        {children}
        <FormActions form={form} submit={submit} />
      </Stack>
    </Paper>
  );
}

interface PasswordValues extends Record<string, unknown> {
  password: string;
  confirmation: string;
}

/** Sets a new password for another member (the member's sessions end with it). */
function PasswordReset({ user, flash }: { user: DashboardUser; flash: Flash }) {
  const update = useStaffUpdate();
  const f = useContractForm({
    initial: { password: '', confirmation: '' } as PasswordValues,
    schema: userUpdate,
    toBody: (v) => ({ ...edit(user), password: v.password }),
    check: (v): Record<string, string> => (v.password.length < 8 ? { password: M.passwordShort } : v.password !== v.confirmation ? { confirmation: M.passwordMismatch } : {}),
    save: (body) => update.mutateAsync(body),
    refused: (answer) => (answer === 1 ? M.duplicateUsername : null),
    action: 'Impossible de modifier le mot de passe',
    success: PPL.passwordReset,
    onSaved: () => f.form.reset(),
    flash,
  });
  return (
    <InlineForm form={f as never} title="Réinitialiser le mot de passe" submit="Changer le mot de passe">
      <PasswordInput label="Nouveau mot de passe" required autoComplete="new-password" {...f.form.getInputProps('password')} />
      <PasswordInput label="Confirmation" required autoComplete="new-password" {...f.form.getInputProps('confirmation')} />
    </InlineForm>
  );
}

interface NewValues extends Record<string, unknown> {
  lastname: string;
  firstname: string;
  email: string;
  username: string;
  password: string;
  confirmation: string;
}

/** Creation of a dashboard user, offered from the hub (002 §5 'Dashboard user creation'). */
export function StaffCreateForm({ flash, onCancel }: { flash: Flash; onCancel(): void }) {
  const insert = useStaffInsert();
  const navigate = useNavigate();
  const f = useContractForm({
    initial: { lastname: '', firstname: '', email: '', username: '', password: '', confirmation: '' } as NewValues,
    schema: userInsert,
    toBody: ({ confirmation: _, ...v }) => v,
    check: (v): Record<string, string> => (v.password && v.password !== v.confirmation ? { confirmation: M.passwordMismatch } : {}),
    save: (body) => insert.mutateAsync(body),
    refused: (answer) => (answer === 1 ? M.duplicateUsername : null),
    action: "Impossible de créer l'utilisateur",
    success: M.userCreated,
    onSaved: (answer) => navigate(`/users/dashboard/${(answer as DashboardUser)._id}`),
    flash,
  });
  const input = (k: keyof NewValues & string) => f.form.getInputProps(k);
  return (
    <FormCard form={f} title="Créer un utilisateur du dashboard" submit="Créer l'utilisateur" onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Nom" required {...input('lastname')} />
        <TextInput label="Prénom" required {...input('firstname')} />
        <TextInput label="E-mail" type="email" required {...input('email')} />
        <TextInput label="Identifiant" required autoComplete="off" {...input('username')} />
        <PasswordInput label="Mot de passe" required autoComplete="new-password" {...input('password')} />
        <PasswordInput label="Confirmation du mot de passe" required autoComplete="new-password" {...input('confirmation')} />
      </SimpleGrid>
    </FormCard>
  );
}
