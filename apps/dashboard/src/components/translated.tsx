import { useId } from 'react';
import { Box, Group, SegmentedControl, Text, Textarea, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Lang } from '@campsite/shared';
import { LANGUAGE_NAMES } from '@campsite/shared';
import type { ContractForm } from './form';
import { RichTextEditor } from './RichTextEditor';
import type { RichTextProps } from './RichTextEditor.props';

type AnyForm = ContractForm<any>;

/**
 * The form's one language switch (it changes the form's fields, not the screen). Each language's
 * badge says where there is work: a red dot for an error, a hollow dot for a missing translation.
 */
export function LanguageTabs({ form }: { form: AnyForm }) {
  const id = useId();
  if (form.langs.length < 2) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600} id={id}>
        Langue
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        size="sm"
        value={form.lang}
        onChange={(v) => form.setLang(v as Lang)}
        data={form.langs.map((l) => ({ value: l, label: <LangBadge lang={l} error={form.errorLangs.includes(l)} missing={l !== form.defaultLang && form.missingLangs.includes(l)} /> }))}
      />
    </Group>
  );
}

function LangBadge({ lang, error, missing }: { lang: Lang; error: boolean; missing: boolean }) {
  const state = error ? 'erreur à corriger' : missing ? 'traduction manquante' : null;
  const label = (
    <Group gap={5} wrap="nowrap" justify="center">
      <span>{lang.toUpperCase()}</span>
      {state && (
        <Box
          component="span"
          aria-hidden
          w={8}
          h={8}
          style={{
            borderRadius: 8,
            background: error ? 'var(--mantine-color-red-7)' : 'transparent',
            border: `2px solid ${error ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-orange-8)'}`,
          }}
        />
      )}
      <VisuallyHidden>{`${LANGUAGE_NAMES[lang]}${state ? ` : ${state}` : ''}`}</VisuallyHidden>
    </Group>
  );
  return state ? <Tooltip label={`${LANGUAGE_NAMES[lang]} : ${state}`}>{label}</Tooltip> : label;
}

/** 'n / max' under a field whose length the spec limits; red past the limit. */
export function Counter({ value, max }: { value: string; max: number }) {
  const n = value.trim().length;
  return (
    <Text component="span" size="xs" c={n > max ? 'red.8' : 'gray.7'} ta="right" display="block">
      {n} / {max}
    </Text>
  );
}

/**
 * One translated field of a form, shown in the form's language: a text, a long text or a rich text.
 * Its value lives at `field.lang` in the form; the label says the language ('Nom (FR)'), the default
 * language's is required, and a limit shows as a counter.
 */
export function TranslatedInput({
  form,
  field,
  label,
  kind = 'text',
  max,
  required = true,
  toolbar,
  placeholder,
  help,
}: {
  form: AnyForm;
  field: string;
  label: string;
  kind?: 'text' | 'long' | 'rich';
  max?: number;
  /** required in the default language (the usual rule); false for an optional text */
  required?: boolean;
  toolbar?: RichTextProps['toolbar'];
  placeholder?: string;
  /** a sentence under the field saying what it is for (left of the counter) */
  help?: string;
}) {
  const path = `${field}.${form.lang}`;
  const props = form.form.getInputProps(path);
  const value = (props.value as string | undefined) ?? '';
  const full = `${label} (${form.lang.toUpperCase()})`;
  const isRequired = required && form.lang === form.defaultLang;
  if (kind === 'rich') {
    return (
      <RichTextEditor
        key={form.lang}
        label={full}
        required={isRequired}
        toolbar={toolbar}
        value={value}
        onChange={(html) => form.form.setFieldValue(path, html as never)}
        error={props.error as string | undefined}
        path={path}
      />
    );
  }
  const common = {
    ...props,
    value,
    label: full,
    required: isRequired,
    placeholder,
    description:
      help || max ? (
        <>
          {help && (
            <Text component="span" size="xs" c="dimmed" display="block">
              {help}
            </Text>
          )}
          {max && <Counter value={value} max={max} />}
        </>
      ) : undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
  return kind === 'long' ? <Textarea {...common} autosize minRows={3} /> : <TextInput {...common} />;
}
