import { useState } from 'react';
import { Badge, Button, ColorSwatch, Grid, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Theme, ThemeInsert } from '@campsite/shared';
import { APPEARANCE, themeInsert } from '@campsite/shared';
import { useConfirm } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useContractForm } from '../../components/form';
import { useCurrentTheme, useDeleteTheme, useInsertTheme, useSelectTheme, useThemes, useUpdateTheme } from './api/appearance-queries';
import { navCrumbs } from '../../shell/nav';
import { useFlash, type Flash } from '../../components/flash';

const COLOURS = ['color1', 'color2', 'color3', 'color4'] as const;
const EMPTY: ThemeInsert = { name: '', color1: '', color2: '', color3: '', color4: '' };

/** A panel's own error and success lines (000 §2.8): setting one clears the other. */
function PanelLines({ lines }: { lines: Flash }) {
  return (
    <>
      {lines.error && (
        <Text size="sm" c="red" role="alert">
          {lines.error}
        </Text>
      )}
      {lines.success && (
        <Text size="sm" c="green.8" role="status">
          {lines.success}
        </Text>
      )}
    </>
  );
}

/** 000 §2.8: pick a theme on the left, create or set it up on the right, and apply it to the guest app. */
export default function ThemesScreen() {
  const { data: list = [] } = useThemes();
  const { data: current } = useCurrentTheme();
  const [loaded, setLoaded] = useState<Theme | null>(null);
  const right = useFlash();

  return (
    <>
      <PageHeader
        title="Thèmes"
        crumbs={[...navCrumbs('/modules'), { label: 'Thèmes' }]}
        description="Les quatre couleurs de votre application. Le thème appliqué est celui que voient vos clients."
      />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PickPanel
            list={list}
            current={current || null}
            onPick={(theme) => {
              setLoaded(theme);
              right.clear();
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ThemeForm
            key={loaded?._id ?? 'new'}
            loaded={loaded}
            isCurrent={!!current && current._id === loaded?._id}
            lines={right}
            onSaved={setLoaded}
            onClosed={() => setLoaded(null)}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}

function PickPanel({ list, current, onPick }: { list: Theme[]; current: Theme | null; onPick(theme: Theme): void }) {
  const [choice, setChoice] = useState('');
  const lines = useFlash();
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const theme = list.find((t) => t._id === choice);
    if (!theme) return lines.setError(APPEARANCE.themePickRequired);
    lines.clear();
    onPick(theme);
  }
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <Title order={2} size="h4">
          Sélectionner un thème
        </Title>
        <NativeSelect
          aria-label="Sélectionner un thème"
          value={choice}
          onChange={(e) => {
            setChoice(e.currentTarget.value);
            lines.clear();
          }}
          data={[{ value: '', label: 'Sélectionner un thème' }, ...list.map((t) => ({ value: t._id, label: t.name }))]}
        />
        <Group>
          {/* it opens the theme in the editor on the right; applying it is the editor's own button */}
          <Button type="submit" variant="light">
            Modifier ce thème
          </Button>
        </Group>
        <PanelLines lines={lines} />
        {/* the label and the theme each keep their words whole in a narrow column (1024 px) */}
        <Group gap={6} wrap="wrap" mt="xs" style={{ rowGap: 2 }}>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Thème de l'application :
          </Text>
          {current ? (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600}>
                {current.name}
              </Text>
              {COLOURS.map((c) => (
                <ColorSwatch key={c} color={`#${current[c]}`} size={16} />
              ))}
            </Group>
          ) : (
            <Text size="sm">aucun</Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function ThemeForm({ loaded, isCurrent, lines, onSaved, onClosed }: { loaded: Theme | null; isCurrent: boolean; lines: Flash; onSaved(t: Theme): void; onClosed(): void }) {
  const insert = useInsertTheme();
  const update = useUpdateTheme();
  const select = useSelectTheme();
  const remove = useDeleteTheme();
  const confirm = useConfirm();
  const f = useContractForm({
    initial: (loaded ? { name: loaded.name, color1: loaded.color1, color2: loaded.color2, color3: loaded.color3, color4: loaded.color4 } : EMPTY) as ThemeInsert & Record<string, unknown>,
    schema: themeInsert,
    toBody: (v) => v,
    save: (body) => (loaded ? update.mutateAsync({ id: loaded._id, ...body }) : insert.mutateAsync(body)),
    action: loaded ? APPEARANCE.themeUpdateFailed : APPEARANCE.themeCreateFailed,
    success: loaded ? APPEARANCE.themeUpdated : APPEARANCE.themeCreated,
    onSaved: (saved) => onSaved(saved as Theme),
    flash: lines,
  });

  async function apply() {
    if (!loaded) return;
    try {
      const done = await select.mutateAsync({ id: loaded._id });
      if (done) lines.setSuccess(APPEARANCE.themeSelected);
      else lines.setError(errorSentence(APPEARANCE.themeSelectFailed, null));
    } catch (err) {
      lines.setError(errorSentence(APPEARANCE.themeSelectFailed, err));
    }
  }

  async function del() {
    if (!loaded || !(await confirm())) return;
    try {
      const done = await remove.mutateAsync({ id: loaded._id });
      if (!done) return lines.setError(errorSentence(APPEARANCE.themeDeleteFailed, null));
      onClosed();
      lines.setSuccess(APPEARANCE.themeDeleted);
    } catch (err) {
      lines.setError(errorSentence(APPEARANCE.themeDeleteFailed, err));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={f.onSubmit} noValidate>
      <Stack>
        <Group justify="space-between" align="center">
          <Group gap="xs">
            <Title order={2} size="h4">
              {loaded ? 'Paramétrer un thème' : 'Créer un thème'}
            </Title>
            {isCurrent && (
              <Badge color="green" variant="light" tt="none">
                Thème de l'application
              </Badge>
            )}
          </Group>
          {loaded && (
            <Button variant="subtle" size="compact-sm" onClick={onClosed}>
              Nouveau thème
            </Button>
          )}
        </Group>
        <TextInput label="Nom" required maxLength={50} {...f.form.getInputProps('name')} />
        <Grid gap="sm">
          {COLOURS.map((c, i) => (
            <Grid.Col key={c} span={{ base: 12, xs: 6 }}>
              <ColourField n={i + 1} {...f.form.getInputProps(c)} />
            </Grid.Col>
          ))}
        </Grid>
        <Group gap="sm">
          <Button type="submit" color={loaded ? 'dark' : undefined} loading={f.saving}>
            {loaded ? 'Mettre à jour' : 'Créer un nouveau thème'}
          </Button>
          {loaded && (
            <>
              <Button onClick={apply} loading={select.isPending} disabled={isCurrent || f.dirty} title={f.dirty ? 'Enregistrez d’abord vos modifications' : undefined}>
                {isCurrent ? 'Appliqué à l’application' : 'Appliquer à l’application'}
              </Button>
              <Button color="red" onClick={del} loading={remove.isPending}>
                Supprimer
              </Button>
            </>
          )}
        </Group>
        <PanelLines lines={lines} />
      </Stack>
    </Paper>
  );
}

/** A colour as 6 hex characters without '#'; its swatch shows only when it has exactly 6 (000 §9). */
function ColourField({ n, value = '', error, onChange, ...rest }: { n: number; value?: string; error?: string; onChange(v: string): void }) {
  return (
    <TextInput
      {...rest}
      label={`Couleur ${n}`}
      required
      placeholder="1D4E89"
      value={value}
      error={error}
      leftSection={<Text c="dimmed">#</Text>}
      // a pasted '#1d4e89' keeps its six characters
      onChange={(e) => onChange(e.currentTarget.value.replace(/#/g, '').trim().slice(0, 6))}
      rightSection={value.length === 6 ? <ColorSwatch color={`#${value}`} size={22} aria-label={`Aperçu de la couleur ${n}`} /> : null}
      styles={{ input: { fontFamily: 'ui-monospace, monospace', textTransform: 'uppercase' } }}
    />
  );
}
