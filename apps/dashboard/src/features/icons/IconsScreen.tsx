import { useState } from 'react';
import { Box, Button, Center, Group, Loader, Paper, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { Icon, IconType } from '@campsite/shared';
import { B, BLANK_THEME, ICON_TYPE_LABELS, M, iconInsert, icons, themes } from '@campsite/shared';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { IconImage } from '../../components/IconPicker';
import { ImageUpload } from '../../components/ImageUpload';
import { PageHeader } from '../../components/PageHeader';
import { validate } from '../../lib/form';
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
        crumbs={[{ label: 'Icônes', to: '/' }]}
        actions={!form && <Button onClick={() => setForm({ name: '', type, mode: theme === BLANK_THEME ? 'blank' : 'color', theme: theme === BLANK_THEME ? null : theme, icon: null })}>Ajouter un icône</Button>}
      />
      <FlashBanner flash={flash} />
      {form && <IconForm key={form.id ?? 'new'} initial={form} themes={themeOptions.slice(1)} flash={flash} onDone={() => setForm(null)} icon={list.data?.find((i) => i._id === form.id)} />}
      <Paper withBorder p="lg" radius="md" mt={form ? 'lg' : 0}>
        <Group mb="md" gap="lg">
          <SegmentedControl aria-label="Style" value={type} onChange={(v) => setType(v as IconType)} data={[{ value: 'lineal', label: ICON_TYPE_LABELS.lineal }, { value: 'fill', label: ICON_TYPE_LABELS.fill }]} />
          <Select aria-label="Thème de couleur" data={themeOptions} value={theme} onChange={(v) => setTheme(v ?? BLANK_THEME)} allowDeselect={false} w={220} />
        </Group>
        {!list.data ? (
          <Center h={160}>
            <Loader aria-label="Chargement" />
          </Center>
        ) : list.data.length === 0 ? (
          <Text c="dimmed" ta="center">
            {B.noIcon}
          </Text>
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

function IconForm({ initial, icon, themes: themeOptions, flash, onDone }: { initial: Form; icon?: Icon; themes: { value: string; label: string }[]; flash: Flash; onDone(): void }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reads = [icons.list];
  const insert = useCallMutation(icons.insert, reads);
  const update = useCallMutation(icons.update, reads);
  const remove = useCallMutation(icons.delete, reads);
  const removeColor = useCallMutation(icons.deleteColor, reads);
  const confirm = useConfirm();
  const editing = !!form.id;
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const themeValue = form.mode === 'blank' ? BLANK_THEME : (form.theme ?? '');
  const hasVariant = !!icon && !!variantOf(icon, form.type, themeValue);

  async function run(call: () => Promise<unknown>, success: string) {
    try {
      if (await call()) {
        flash.setSuccess(success);
        return true;
      }
      flash.setError(M.genericError);
    } catch {
      flash.setError(M.genericError);
    }
    return false;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { name: form.name, type: form.type, theme: themeValue, icon: form.icon ?? '' };
    const checked = validate(iconInsert, body);
    // when editing, the image may stay as it is: only the name changes
    const found = checked.ok ? {} : Object.fromEntries(Object.entries(checked.fields).filter(([k]) => !(editing && k === 'icon')));
    setErrors(found);
    if (Object.keys(found).length) return flash.setError(M.formError);
    const ok = editing
      ? await run(() => update.mutateAsync({ id: form.id!, ...body, icon: form.icon || null }), B.iconEdited)
      : await run(() => insert.mutateAsync(body), B.iconAdded);
    if (ok) onDone();
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack>
        <Text fw={600}>{editing ? "Modifier l'icône" : 'Nouvel icône'}</Text>
        <TextInput label="Nom" required value={form.name} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} maxLength={50} />
        <Radio.Group label="Style" required value={form.type} onChange={(v) => set({ type: v as IconType, icon: icon ? variantOf(icon, v as IconType, themeValue) : form.icon })} error={errors.type}>
          <Group mt={4}>
            <Radio value="lineal" label={ICON_TYPE_LABELS.lineal} />
            <Radio value="fill" label={ICON_TYPE_LABELS.fill} />
          </Group>
        </Radio.Group>
        <Radio.Group label="Couleur" value={form.mode} onChange={(v) => set({ mode: v as Form['mode'], icon: icon ? variantOf(icon, form.type, v === 'blank' ? BLANK_THEME : (form.theme ?? '')) : form.icon })}>
          <Group mt={4}>
            <Radio value="blank" label="Blanc (aperçu)" />
            <Radio value="color" label="Couleur d'un thème" />
          </Group>
        </Radio.Group>
        {form.mode === 'color' && (
          <Select
            label="Thème"
            required
            data={themeOptions}
            value={form.theme}
            onChange={(v) => set({ theme: v, icon: icon && v ? variantOf(icon, form.type, v) : form.icon })}
            error={errors.theme}
            placeholder={themeOptions.length ? 'Choisir un thème' : "Aucun thème : créez-en un dans l'écran Thèmes"}
          />
        )}
        <ImageUpload label="Image de l'icône (PNG, WebP ou JPEG)" value={form.icon} onChange={(id) => set({ icon: id })} removable={false} previewHeight={64} accept="image/png,image/webp,image/jpeg" />
        {errors.icon && (
          <Text size="sm" c="red">
            {errors.icon}
          </Text>
        )}
        <Group justify="space-between">
          <Group gap="xs">
            {editing && (
              <Button
                color="red"
                variant="light"
                onClick={async () => {
                  if ((await confirm({ message: B.confirmDeleteIcon })) && (await run(() => remove.mutateAsync({ id: form.id! }), B.iconDeleted))) onDone();
                }}
              >
                Supprimer l'icône
              </Button>
            )}
            {editing && hasVariant && (
              <Button
                color="red"
                variant="subtle"
                onClick={async () => {
                  if ((await confirm({ message: B.confirmDeleteColor })) && (await run(() => removeColor.mutateAsync({ id: form.id!, type: form.type, theme: themeValue }), B.iconColorDeleted))) onDone();
                }}
              >
                Supprimer cette couleur
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              Annuler
            </Button>
            <Button type="submit" loading={insert.isPending || update.isPending}>
              {editing ? 'Mettre à jour' : 'Créer'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
