import { ScreenLoader, EmptyState } from '../../components/ListStates';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Group as Rubric, Lang } from '@campsite/shared';
import { B, M, TITLE_40, groupInsert, missingLanguages } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useConfirm, useTranslationWarning } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { IconImage, IconPicker } from '../../components/IconPicker';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useGroupDelete, useGroupInsert, useGroupUpdate, useGroups } from './api/booklet-queries';
import { RowButtons } from './RowButtons';
import { type LangTexts, checkForm, langsWithErrors, nameIn, textsOf, translationsOf } from './texts';

interface Form {
  _id?: string;
  icon: string | null;
  name: LangTexts;
}

/** 001 §2 'Rubriques': the rubrics by default-language name, and their form (list view / edit view). */
export default function RubricsScreen() {
  const { defaultLang } = useSession();
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [form, setForm] = useState<Form | null>(null);
  const flash = useFlash();
  const { data, error } = useGroups();
  const remove = useGroupDelete();
  const confirm = useConfirm();
  const navigate = useNavigate();

  async function onDelete(g: Rubric) {
    if (!(await confirm({ message: B.confirmDeleteRubric }))) return;
    try {
      const ok = await remove.mutateAsync({ id: g._id });
      if (ok) flash.setSuccess(B.rubricDeleted);
      else flash.setError(errorSentence(B.deleteRubric, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.deleteRubric, err, 2));
    }
  }

  return (
    <>
      <PageHeader
        title="Mes rubriques"
        crumbs={[{ label: 'Rubriques', to: '/' }]}
        actions={
          <Group>
            <LanguageSwitcher value={lang} onChange={setLang} />
            {!form && <Button onClick={() => setForm({ icon: null, name: {} })}>Ajouter une rubrique</Button>}
          </Group>
        }
      />
      <FlashBanner flash={flash} />
      {form ? (
        <RubricForm initial={form} lang={lang} setLang={setLang} flash={flash} onDone={() => setForm(null)} />
      ) : error ? (
        <Text c="red">{errorSentence(B.fetchRubrics, error)}</Text>
      ) : !data ? (
        <ScreenLoader />
      ) : data.length === 0 ? (
        <EmptyState>{B.noRubric}</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Icône</Table.Th>
                <Table.Th>Nom</Table.Th>
                <Table.Th w={220} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((g) => {
                const name = nameIn(g.translations, lang);
                return (
                  <Table.Tr key={g._id}>
                    <Table.Td>
                      <IconImage file={g.prev} alt="" />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component="button" fw={500} ta="left" onClick={() => navigate(`/rubriques/${g._id}`)}>
                        {name || <Text span c="dimmed">(sans nom)</Text>}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <RowButtons
                        item={name}
                        actions={[
                          { label: 'Modifier', onClick: () => setForm({ _id: g._id, icon: g.icon, name: textsOf(g.translations, 'name') }) },
                          { label: 'Supprimer', color: 'red', onClick: () => void onDelete(g) },
                        ]}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}

function RubricForm({ initial, lang, setLang, flash, onDone }: { initial: Form; lang: Lang; setLang(l: Lang): void; flash: ReturnType<typeof useFlash>; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const insert = useGroupInsert();
  const update = useGroupUpdate();
  const warn = useTranslationWarning();
  const editing = !!form._id;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { icon: form.icon ?? '', translations: translationsOf(langs, { name: form.name }).filter((t) => t.name.trim() || t.lang === defaultLang) };
    const found = checkForm(groupInsert, body, defaultLang, [TITLE_40]);
    setErrors(found);
    if (Object.keys(found).length) {
      flash.setError(M.formError);
      return;
    }
    if (!(await warn(B.rubricNotTranslated, missingLanguages(body.translations, langs, ['name'])))) return;
    try {
      const saved = editing ? await update.mutateAsync({ _id: form._id!, ...body }) : await insert.mutateAsync(body);
      if (!saved) return flash.setError(errorSentence(editing ? B.updateRubric : B.createRubric, null, 1));
      flash.setSuccess(editing ? B.rubricUpdated : B.rubricCreated);
      onDone();
    } catch (err) {
      flash.setError(errorSentence(editing ? B.updateRubric : B.createRubric, err, 2));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" maw={640} component="form" onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between" gap="sm">
          <Text fw={600}>{editing ? 'Modifier la rubrique' : 'Nouvelle rubrique'}</Text>
          <LanguageSwitcher value={lang} onChange={setLang} withErrors={langsWithErrors(errors)} />
        </Group>
        <IconPicker label="Icône" required value={form.icon} onChange={(icon) => setForm((f) => ({ ...f, icon }))} error={errors.icon} />
        <TextInput
          label={`Nom (${lang.toUpperCase()})`}
          required={lang === defaultLang}
          maxLength={60}
          value={form.name[lang] ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setForm((f) => ({ ...f, name: { ...f.name, [lang]: v } }));
          }}
          error={errors[`name.${lang}`]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Annuler
          </Button>
          <Button type="submit" loading={insert.isPending || update.isPending}>
            {editing ? 'Mettre à jour' : 'Créer'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
