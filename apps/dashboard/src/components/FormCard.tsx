import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import { FlashBanner, type Flash } from './flash';
import { FormActions, FormFailure, type ContractForm } from './form';
import { LanguageTabs } from './translated';

type AnyForm = ContractForm<any>;

interface FrameProps {
  form: AnyForm;
  /** the submit button's words ('Créer', 'Mettre à jour') */
  submit: string;
  onCancel?(): void;
  /** buttons on the left of the footer (a delete) */
  extra?: ReactNode;
  /** whether the form has translated fields: shows the language switch */
  translated?: boolean;
  children: ReactNode;
}

/** Moves the focus to the first field of a form that just opened (keyboard users start typing at once). */
function useFocusFirstField(ref: React.RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const root = ref.current;
    const first = root?.querySelector<HTMLElement>('[data-path]:not([disabled])') ?? root?.querySelector<HTMLElement>('input:not([type=hidden]):not([type=radio]):not([disabled]), textarea');
    first?.focus({ preventScroll: false });
  }, [ref, enabled]);
}

function Body({ form, submit, onCancel, extra, children }: FrameProps) {
  return (
    <Stack>
      <FormFailure form={form} />
      {children}
      <FormActions form={form} submit={submit} onCancel={onCancel}>
        {extra}
      </FormActions>
    </Stack>
  );
}

/**
 * A form in the page (the edit view of a list screen): a titled card with the language switch, the
 * fields, and the footer. It takes the focus when it opens, unless `focusOnOpen` is false: a form that
 * is part of a page rather than opened by the user (the home's broadcast, issue 32: focusing it scrolled
 * the page past the day's tiles, and whoever typed wrote to every guest).
 */
export function FormCard({ title, maw, focusOnOpen = true, ...props }: FrameProps & { title: string; maw?: number; focusOnOpen?: boolean }) {
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstField(ref, focusOnOpen);
  return (
    <Paper ref={ref} withBorder p="lg" radius="md" maw={maw} component="form" onSubmit={props.form.onSubmit} noValidate aria-label={title}>
      <Stack>
        <Group justify="space-between" gap="sm">
          <Text fw={700} size="lg" component="h2">
            {title}
          </Text>
          {props.translated && <LanguageTabs form={props.form} />}
        </Group>
        <Body {...props} />
      </Stack>
    </Paper>
  );
}

/**
 * A form in a modal: the same parts; closing it (×, Échap, a click outside, Annuler) asks first when
 * something was typed.
 */
export function FormModal({ title, onClose, size = 'lg', zIndex, ...props }: Omit<FrameProps, 'onCancel'> & { title: string; onClose(): void; size?: string; zIndex?: number }) {
  const close = () => void props.form.mayDiscard().then((ok) => ok && onClose());
  return (
    <Modal opened onClose={close} title={title} size={size} centered zIndex={zIndex} closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <form onSubmit={props.form.onSubmit} noValidate>
        <Stack>
          {props.translated && (
            <Group justify="flex-end">
              <LanguageTabs form={props.form} />
            </Group>
          )}
          <Body {...props} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A form that is the whole screen (settings, one's account): the banner, the fields, and the save
 * button at the bottom (with something on its left, such as a link).
 */
export function PageForm({ form, flash, submit = 'Enregistrer', aside, children }: { form: AnyForm; flash: Flash; submit?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <FlashBanner flash={flash} />
      {children}
      <Group mt="lg" justify={aside ? 'space-between' : 'flex-end'}>
        {aside}
        <Button type="submit" loading={form.saving}>
          {submit}
        </Button>
      </Group>
    </form>
  );
}

/**
 * A card of settings saved on their own, among others on a screen (the quiet hours, the Swikly account, an
 * e-mail test): its title (which names the form), a line saying what it does, the fields, 'Enregistrer'.
 * `id` ties the title to the form; `aside` sits right of the title (the language switch); the banner and
 * the failure are the card's children where it shows its own.
 */
export function SettingsCard({
  form,
  id,
  title,
  description,
  aside,
  submit = 'Enregistrer',
  gap,
  maw,
  children,
}: {
  form: AnyForm;
  id: string;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  submit?: string;
  gap?: MantineSpacing;
  maw?: number;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" id={id}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={form.onSubmit} noValidate aria-labelledby={id} maw={maw}>
      <Stack gap={gap}>
        {aside ? (
          <Group justify="space-between">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {children}
        <FormActions form={form} submit={submit} />
      </Stack>
    </Paper>
  );
}
