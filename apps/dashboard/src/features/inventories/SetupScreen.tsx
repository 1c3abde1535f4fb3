import { useState } from 'react';
import { useParams } from 'react-router';
import { ActionIcon, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconListCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import type { AccommodationSetup, Lang, SetupCategory } from '@campsite/shared';
import { INVENTORIES, accommodations, setupNames } from '@campsite/shared';
import { ApiError } from '@campsite/shared/client';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { FormModal } from '../../components/FormCard';
import { langTexts, toTranslations, useContractForm, useFreshRead, type LangTexts } from '../../components/form';
import { useConfirm, useTranslationWarning } from '../../components/confirm';
import { EmptyList, ReadView } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { TranslatedInput } from '../../components/translated';
import { errorSentence } from '../../lib/errors';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useAccommodation, useCategoryDelete, useCategoryInsert, useCategoryUpdate } from './api/inventories-queries';
import { SetupEditor } from './SetupEditor';
import { missingLangs, nameErrors, nameIn } from './names';

/** 002 §2 'Accommodation inventory setup': the categories of one accommodation type, each with its supplies and room-state items. */
export default function SetupScreen() {
  const { id = '' } = useParams();
  const setup = useAccommodation(id);
  const crumbs = [...navCrumbs('/inventaires').map((c) => ({ ...c, to: '/inventaires' })), { label: setup.data ? setup.data.name : 'Inventaire' }];
  return (
    <ReadView read={setup} failed={INVENTORIES.cannotReadAccommodation} empty="Cet hébergement n'existe plus." isEmpty={(d) => d === false}>
      {(d) => d && <Setup setup={d} crumbs={crumbs} />}
    </ReadView>
  );
}

function Setup({ setup, crumbs }: { setup: AccommodationSetup; crumbs: { label: string; to?: string }[] }) {
  const { langs, defaultLang } = useSession();
  const flash = useFlash();
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SetupCategory | null>(null);
  return (
    <>
      <PageHeader
        title={setup.name}
        crumbs={crumbs}
        description={INVENTORIES.setupIntro}
        actions={
          <Group gap="sm">
            {langs.length > 1 && <SegmentedControl aria-label="Langue des noms" size="sm" value={lang} onChange={(v) => setLang(v as Lang)} data={langs.map((l) => ({ value: l, label: l.toUpperCase() }))} />}
            <Button leftSection={<IconPlus size={16} />} onClick={() => (flash.clear(), setCreating(true))}>
              {INVENTORIES.newCategory}
            </Button>
          </Group>
        }
      />
      <FlashBanner flash={flash} />
      {setup.inventory.length === 0 ? (
        <EmptyList message={INVENTORIES.emptyCategories} action={{ label: INVENTORIES.newCategory, onClick: () => setCreating(true) }} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {setup.inventory.map((c) => (
            <CategoryCard key={c._id} accommodation={setup._id} category={c} lang={lang} flash={flash} onOpen={() => (flash.clear(), setEditing(c))} />
          ))}
        </SimpleGrid>
      )}
      {creating && <CategoryModal accommodation={setup._id} flash={flash} onDone={() => setCreating(false)} />}
      {editing && <SetupEditor accommodation={setup._id} category={editing} flash={flash} onDone={() => setEditing(null)} />}
      {/* the languages of the cards: the switch above shows them in another one */}
      {lang !== defaultLang && <Text size="sm" c="dimmed" mt="sm">Noms affichés en {lang.toUpperCase()} ; un nom non traduit s'affiche dans la langue par défaut.</Text>}
    </>
  );
}

function CategoryCard({ accommodation, category, lang, flash, onOpen }: { accommodation: string; category: SetupCategory; lang: Lang; flash: Flash; onOpen(): void }) {
  const { langs, defaultLang } = useSession();
  const update = useCategoryUpdate();
  const remove = useCategoryDelete();
  const confirm = useConfirm();
  const warn = useTranslationWarning();
  const [draft, setDraft] = useState<string | null>(null);
  // the category's revision when the rename began: a rename saved meanwhile by someone else is a 409 (issue 29)
  const [base, setBase] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const fresh = useFreshRead();
  const name = nameIn(category.translations, lang, defaultLang);

  async function removeCategory() {
    if (!(await confirm({ title: INVENTORIES.deleteCategoryTitle, message: INVENTORIES.deleteCategory }))) return;
    try {
      if (await remove.mutateAsync({ accommodation, id: category._id })) flash.setSuccess(INVENTORIES.categoryDeleted);
      else flash.setError(errorSentence(INVENTORIES.cannotDeleteAccommodation, null, 1));
    } catch (err) {
      flash.setError(errorSentence(INVENTORIES.cannotDeleteAccommodation, err, 2));
    }
  }

  async function save() {
    if (draft === null) return;
    const names: LangTexts = { ...langTexts(category.translations, 'name'), [lang]: draft };
    const errors = nameErrors('name', names, langs, defaultLang, INVENTORIES.categoryRequired);
    const first = Object.values(errors)[0];
    if (first) return setError(first);
    if (!(await warn(INVENTORIES.categoryNotTranslated, missingLangs([names], langs, defaultLang)))) return;
    try {
      const answer = await update.mutateAsync({ accommodation, id: category._id, translations: toTranslations({ name: names }, langs, defaultLang), revision: base });
      if (!answer) return flash.setError(errorSentence(INVENTORIES.cannotUpdateAccommodation, null, 1));
      setDraft(null);
      setError(null);
      flash.setSuccess(INVENTORIES.categoryRenamed);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        // renamed by someone else meanwhile: their name is shown, to rename again if need be
        setDraft(null);
        setError(null);
        flash.setError(err.message);
        await fresh(accommodations.find, { id: accommodation }).catch(() => null);
        return;
      }
      flash.setError(errorSentence(INVENTORIES.cannotUpdateAccommodation, err, 2));
    }
  }

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        {draft === null ? (
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} size="lg" component="h2" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Tooltip label="Renommer">
              <ActionIcon variant="subtle" onClick={() => (setBase(category.revision), setDraft(name))} aria-label={`Renommer ${name}`}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          <Group gap={4} align="flex-start" wrap="nowrap" component="form" onSubmit={(e) => (e.preventDefault(), void save())}>
            <TextInput
              style={{ flex: 1 }}
              label={`Nom de la catégorie (${lang.toUpperCase()})`}
              value={draft}
              error={error}
              autoFocus
              onChange={(e) => (setDraft(e.currentTarget.value), setError(null))}
              onKeyDown={(e) => e.key === 'Escape' && (setDraft(null), setError(null))}
            />
            <ActionIcon type="submit" mt={26} size="lg" loading={update.isPending} aria-label={`Enregistrer le nom de ${name}`}>
              <IconCheck size={18} />
            </ActionIcon>
            <ActionIcon mt={26} size="lg" variant="default" onClick={() => (setDraft(null), setError(null))} aria-label="Annuler">
              <IconX size={18} />
            </ActionIcon>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {category.objects.length} fourniture{category.objects.length > 1 ? 's' : ''} · {category.reviews.length} état{category.reviews.length > 1 ? 's' : ''} des lieux
        </Text>
        <Group justify="space-between">
          <Button size="compact-sm" variant="light" leftSection={<IconListCheck size={16} />} onClick={onOpen} aria-label={`Inventaire ${name}`}>
            Inventaire
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            aria-label={`Supprimer ${name}`}
            onClick={() => void removeCategory()}
          >
            Supprimer
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** 'Catégorie d'inventaire': a new category, its name per language. */
function CategoryModal({ accommodation, flash, onDone }: { accommodation: string; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useCategoryInsert();
  const f = useContractForm({
    initial: { name: langTexts([], 'name') } as { name: LangTexts },
    schema: setupNames,
    toBody: (v) => toTranslations({ name: v.name }, langs, defaultLang),
    check: (v) => nameErrors('name', v.name, langs, defaultLang, INVENTORIES.categoryRequired),
    translated: { fields: ['name'], warning: INVENTORIES.categoryNotTranslated },
    save: (translations) => insert.mutateAsync({ accommodation, translations }),
    action: INVENTORIES.cannotCreateAccommodation,
    success: INVENTORIES.categoryCreated,
    onSaved: () => {
      flash.setSuccess(INVENTORIES.categoryCreated);
      onDone();
    },
  });
  return (
    <FormModal form={f} title={INVENTORIES.categoryModal} submit="Créer" onClose={onDone} size="md" translated>
      <TranslatedInput form={f} field="name" label="Nom de la catégorie" max={50} placeholder={INVENTORIES.categoryPlaceholder} />
    </FormModal>
  );
}
