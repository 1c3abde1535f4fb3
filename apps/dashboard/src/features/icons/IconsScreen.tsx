import { useState } from 'react';
import { Box, Button, Group, Paper, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { Icon, IconType } from '@campsite/shared';
import { BOOKLET, BLANK_THEME, ICON_TYPE_LABELS, CORE, iconInsert, iconUpdate, icons, themes } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { FormCard } from '../../components/FormCard';
import { pickerProps, useContractForm } from '../../components/form';
import { EmptyList } from '../../components/list';
import { ScreenLoader } from '../../components/ListStates';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { IconImage } from '../../components/IconPicker';
import { ImageUpload } from '../../components/ImageUpload';
import { PageHeader } from '../../components/PageHeader';
import { useCall, useCallMutation } from '../../lib/query';

interface Form {
  id?: string;
  name: string;
  type: IconType;
  /** 'blank', or 'color' which needs a theme (000 §3) */
  mode: 'blank' | 'color';
  theme: string | null;
  icon: string | null;
}

const variantOf = (icon: Icon, type: IconType, theme: string) => icon[type].find((v) => v.theme === theme)?.icon ?? null;

/** 000 §2.7: the icons 8 per row, filtered by style and colour theme, and their form. */
export default function IconsScreen() {
  const [type, setType] = useState<IconType>('lineal');
  const [theme, setTheme] = useState<string>(BLANK_THEME);
  const [form, setForm] = useState<Form | null>(null);
  const flash = useFlash();
  const list = useCall(icons.list);
  const themeList = useCall(themes.list).data ?? [];
  const themeOptions = [{ value: BLANK_THEME, label: 'Blanc (aperçu)' }, ...themeList.map((t) => ({ value: t._id, label: t.name }))];

  const open = (i: Icon) =>
    setForm({ id: i._id, name: i.name, type, mode: theme === BLANK_THEME ? 'blank' : 'color', theme: theme === BLANK_THEME ? null : theme, icon: variantOf(i, type, theme) });

  return (
    <>
      <PageHeader
        title="Icônes"
        crumbs={[...navCrumbs('/modules'), { label: 'Icônes' }]}
        actions={!form && <Button onClick={() => setForm({ name: '', type, mode: theme === BLANK_THEME ? 'blank' : 'color', theme: theme === BLANK_THEME ? null : theme, icon: null })}>Ajouter une icône</Button>}
      />
      <FlashBanner flash={flash} />
      {form && <IconForm key={form.id ?? 'new'} initial={form} themes={themeOptions.slice(1)} flash={flash} onDone={() => setForm(null)} icon={list.data?.find((i) => i._id === form.id)} />}
      <Paper withBorder p="lg" radius="md" mt={form ? 'lg' : 0}>
        <Group mb="md" gap="lg">
          <SegmentedControl aria-label="Style" value={type} onChange={(v) => setType(v as IconType)} data={[{ value: 'lineal', label: ICON_TYPE_LABELS.lineal }, { value: 'fill', label: ICON_TYPE_LABELS.fill }]} />
          <Select aria-label="Thème de couleur" data={themeOptions} value={theme} onChange={(v) => setTheme(v ?? BLANK_THEME)} allowDeselect={false} w={220} />
        </Group>
        {!list.data ? (
          <ScreenLoader />
        ) : list.data.length === 0 ? (
          <EmptyList message={BOOKLET.noIcon} />
        ) : (
          <SimpleGrid cols={{ base: 4, sm: 6, md: 8 }} spacing="sm">
            {list.data.map((i) => {
              const file = variantOf(i, type, theme);
              return (
                <UnstyledButton key={i._id} onClick={() => open(i)} aria-label={`Modifier l'icône ${i.name}`} p="xs" style={{ borderRadius: 8, border: `1px solid var(--mantine-color-gray-${form?.id === i._id ? 6 : 3})`, background: 'white' }}>
                  <Stack gap={4} align="center">
                    {file ? <IconImage file={file} size={40} alt={i.name} /> : <Box w={40} h={40} style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 6 }} title="Pas de variante pour ce style et ce thème" />}
                    <Text size="xs" ta="center" lineClamp={1} w="100%">
                      {i.name}
                    </Text>
                  </Stack>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
      </Paper>
    </>
  );
}

interface Values extends Record<string, unknown> {
  name: string;
  type: IconType;
  mode: 'blank' | 'color';
  theme: string | null;
  icon: string | null;
}

function IconForm({ initial, icon, themes: themeOptions, flash, onDone }: { initial: Form; icon?: Icon; themes: { value: string; label: string }[]; flash: Flash; onDone(): void }) {
  const reads = [icons.list];
  const insert = useCallMutation(icons.insert, reads);
  const update = useCallMutation(icons.update, reads);
  const remove = useCallMutation(icons.delete, reads);
  const removeColor = useCallMutation(icons.deleteColor, reads);
  const confirm = useConfirm();
  const editing = !!initial.id;
  const themeOf = (v: Values) => (v.mode === 'blank' ? BLANK_THEME : (v.theme ?? ''));
  const f = useContractForm({
    initial: { name: initial.name, type: initial.type, mode: initial.mode, theme: initial.theme, icon: initial.icon } as Values,
    // when editing, the image may stay as it is: only the name changes
    schema: editing ? iconUpdate : iconInsert,
    toBody: (v) =>
      editing ? { id: initial.id!, name: v.name, type: v.type, theme: themeOf(v), icon: v.icon || null } : { name: v.name, type: v.type, theme: themeOf(v), icon: v.icon ?? '' },
    save: (body) => (editing ? update.mutateAsync(body as never) : insert.mutateAsync(body as never)),
    action: CORE.genericError,
    success: editing ? BOOKLET.iconEdited : BOOKLET.iconAdded,
    onSaved: onDone,
    flash,
  });
  const v = f.form.values;
  const set = (patch: Partial<Values>) => f.form.setValues(patch);
  const hasVariant = !!icon && !!variantOf(icon, v.type, themeOf(v));
  const image = pickerProps(f, 'icon');

  async function run(question: string, call: () => Promise<unknown>, success: string) {
    if (!(await confirm({ message: question }))) return;
    try {
      if (await call()) {
        flash.setSuccess(success);
        return onDone();
      }
      flash.setError(CORE.genericError);
    } catch {
      flash.setError(CORE.genericError);
    }
  }

  return (
    <FormCard
      form={f}
      title={editing ? "Modifier l'icône" : 'Nouvelle icône'}
      submit={editing ? 'Mettre à jour' : 'Créer'}
      onCancel={onDone}
      maw={720}
      extra={
        editing && (
          <>
            <Button color="red" variant="light" onClick={() => void run(BOOKLET.confirmDeleteIcon, () => remove.mutateAsync({ id: initial.id! }), BOOKLET.iconDeleted)}>
              Supprimer l'icône
            </Button>
            {hasVariant && (
              <Button color="red" variant="subtle" onClick={() => void run(BOOKLET.confirmDeleteColor, () => removeColor.mutateAsync({ id: initial.id!, type: v.type, theme: themeOf(v) }), BOOKLET.iconColorDeleted)}>
                Supprimer cette couleur
              </Button>
            )}
          </>
        )
      }
    >
      <TextInput label="Nom" required maxLength={50} {...f.form.getInputProps('name')} />
      <Radio.Group label="Style" required value={v.type} onChange={(t) => set({ type: t as IconType, icon: icon ? variantOf(icon, t as IconType, themeOf(v)) : v.icon })} error={f.form.errors.type}>
        <Group mt={4}>
          <Radio value="lineal" label={ICON_TYPE_LABELS.lineal} />
          <Radio value="fill" label={ICON_TYPE_LABELS.fill} />
        </Group>
      </Radio.Group>
      <Radio.Group label="Couleur" value={v.mode} onChange={(m) => set({ mode: m as Values['mode'], icon: icon ? variantOf(icon, v.type, m === 'blank' ? BLANK_THEME : (v.theme ?? '')) : v.icon })}>
        <Group mt={4}>
          <Radio value="blank" label="Blanc (aperçu)" />
          <Radio value="color" label="Couleur d'un thème" />
        </Group>
      </Radio.Group>
      {v.mode === 'color' && (
        <Select
          label="Thème"
          required
          data={themeOptions}
          placeholder={themeOptions.length ? 'Choisir un thème' : "Aucun thème : créez-en un dans l'écran Thèmes"}
          {...f.form.getInputProps('theme')}
          onChange={(t) => set({ theme: t, icon: icon && t ? variantOf(icon, v.type, t) : v.icon })}
        />
      )}
      <ImageUpload label="Image de l'icône (PNG, WebP ou JPEG)" value={image.value as string | null} onChange={image.onChange} removable={false} previewHeight={64} accept="image/png,image/webp,image/jpeg" />
      {image.error && (
        <Text size="sm" c="red.8" role="alert">
          {image.error}
        </Text>
      )}
    </FormCard>
  );
}
