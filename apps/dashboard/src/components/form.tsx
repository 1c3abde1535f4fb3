import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Answer, CallDef, Lang, Query } from '@campsite/shared';
import { LANGS, CORE, isBlankText } from '@campsite/shared';
import { ApiError, api } from '@campsite/shared/client';
import { keyOf } from '../lib/query';
import { useSession } from '../shell/session';
import { errorSentence } from '../lib/errors';
import { useTranslationWarning } from './confirm';
import type { Flash } from './flash';
import { useDiscardQuestion, useUnsavedGuard } from './unsaved';

/** One text per language, as a form holds a translated field: every language present, '' when empty. */
export type LangTexts = Record<Lang, string>;

/** A translated field's texts from stored translations (`[{lang, name}, …]`). */
export function langTexts(list: readonly ({ lang: string } & Record<string, unknown>)[] | undefined, field: string): LangTexts {
  return Object.fromEntries(LANGS.map((l) => {
    const v = list?.find((t) => t.lang === l)?.[field];
    return [l, typeof v === 'string' ? v : ''];
  })) as LangTexts;
}

/**
 * The translations to send: the default language always, then every other language that holds a text
 * (a language switched off in the settings keeps its texts), in the establishment's order.
 */
export function toTranslations<F extends string>(fields: Record<F, LangTexts>, langs: readonly Lang[], defaultLang: Lang): ({ lang: Lang } & Record<F, string>)[] {
  const order = [defaultLang, ...langs.filter((l) => l !== defaultLang), ...LANGS.filter((l) => !langs.includes(l))];
  const has = (l: Lang) => Object.values<LangTexts>(fields).some((t) => !isBlankText(t[l]));
  return order
    .filter((l) => l === defaultLang || has(l))
    .map((lang) => ({ lang, ...Object.fromEntries(Object.entries<LangTexts>(fields).map(([f, t]) => [f, t[lang] ?? ''])) }) as { lang: Lang } & Record<F, string>);
}

/**
 * Field paths of the body ('translations.2.name', 'welcome.0.welcome') as the form shows them
 * ('name.de', 'welcome.fr'): an item of a list that carries a `lang` is the field in that language; an
 * index past the end of the list is the default language that was left out. The list may sit in an item
 * of another list ('questions.1.translations.2.title' is 'questions.1.title.de').
 */
export function formPath(path: string, body: unknown, defaultLang: Lang): string {
  const m = path.match(/^((?:\w+\.\d+\.)*)(\w+)\.(\d+)\.(\w+)$/);
  if (!m) return path;
  const parent = m[1].split('.').filter(Boolean).reduce<unknown>((at, key) => (at as Record<string, unknown> | null)?.[key], body);
  const list = (parent as Record<string, unknown> | null)?.[m[2]];
  if (!Array.isArray(list)) return path;
  const item = list[Number(m[3])] as { lang?: unknown } | undefined;
  if (item && typeof item.lang !== 'string') return path;
  return `${m[1]}${m[4]}.${item?.lang ?? defaultLang}`;
}

/** Messages by form path, first one kept. */
export function formErrors(fields: Record<string, string>, body: unknown, defaultLang: Lang, fieldOf: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) out[fieldOf[path] ?? formPath(path, body, defaultLang)] ??= message;
  return out;
}

export interface ContractFormOptions<V, S extends z.ZodType> {
  initial: V;
  /** the call's body schema of the contract: the same French sentences as the server's 400 */
  schema: S;
  /** the body the call sends, from the form's values */
  toBody(values: V): z.input<S>;
  /** body paths that are not form paths: `{ 'values.group': 'target' }` */
  fieldOf?: Record<string, string>;
  /** checks the schema cannot make alone (default language required, …), keyed as form paths */
  check?(values: V, body: z.input<S>): Record<string, string>;
  /** translated fields (their values are `LangTexts`) and the warning's sentence when a language lacks them (the list follows it; a function words the whole) */
  translated?: { fields: (keyof V & string)[] | ((values: V) => (keyof V & string)[]); warning: string | ((missing: string[]) => string) };
  /** one more question before saving (a type change that deletes content); false cancels */
  ask?(values: V): Promise<boolean> | boolean;
  /** sends the body; its answer goes to `refused`, then `onSaved` */
  save(body: z.input<S>): Promise<unknown>;
  /** the action's own sentence for a failure ('Impossible de créer la rubrique') */
  action: string;
  /** where the spec has its own failure sentence (settings): it, for step 1 (a refusal) or 2 (an error) */
  failed?(step: 1 | 2, err: unknown): string;
  /** the success sentence */
  success: string;
  /** an answer that is a refusal: its sentence; a falsy answer is the numbered failure of step 1 */
  refused?(answer: unknown): string | null | undefined;
  onSaved?(answer: unknown, values: V): void;
  /** the screen's banner; without one, the form shows its own (a modal) */
  flash?: Flash;
  /**
   * The revision of the record the form was filled from (issue 29, docs/api.md): sent with the save as
   * `revision`, then the answer's. A 409 (someone else saved the record meanwhile) shows CORE.editConflict
   * and fills the form from `reload`; nothing of the other's change is lost.
   */
  revision?: number;
  /** the record as it is now: the form's values and its revision (after a 409); null when it is gone */
  reload?(): Promise<{ values: V; revision?: number } | null>;
  /** the form's revision in a save's answer (default: its `revision`; the slots form reads `slots_revision`) */
  revisionOf?(answer: unknown): number | undefined;
}

const answerRevision = (answer: unknown) => {
  const r = (answer as { revision?: unknown } | null)?.revision;
  return typeof r === 'number' ? r : undefined;
};

/**
 * Reads a call afresh, not from the cache, and puts the answer in the cache (every screen showing it
 * follows): what a form's `reload` uses after a 409.
 */
export function useFreshRead() {
  const client = useQueryClient();
  return <C extends CallDef>(def: C, input?: Query<C>) => client.fetchQuery<Answer<C>>({ queryKey: keyOf(def, input), queryFn: () => api(def, input as never), staleTime: 0 });
}

export interface ContractForm<V> {
  form: UseFormReturnType<V>;
  /** the language the translated fields show */
  lang: Lang;
  setLang(l: Lang): void;
  /** languages of the establishment, default first */
  langs: Lang[];
  defaultLang: Lang;
  /** languages whose fields carry an error */
  errorLangs: Lang[];
  /** languages where a translated field is empty */
  missingLangs: Lang[];
  /** the form element's onSubmit */
  onSubmit(e?: React.FormEvent<HTMLFormElement>): void;
  saving: boolean;
  dirty: boolean;
  /** the form's own error line (when it has no screen banner) */
  failure: string | null;
  /** true when the changes may be dropped (asks when there are any) */
  mayDiscard(): Promise<boolean>;
}

/**
 * One way for every form (docs/conventions.md): values and dirty state in @mantine/form, errors per
 * field and per language from the contract's zod schema, the French error banner, the missing-
 * translation warning, the save with its pending state and its sentences, and the unsaved-changes guard.
 */
export function useContractForm<V extends Record<string, unknown>, S extends z.ZodType>(o: ContractFormOptions<V, S>): ContractForm<V> {
  const { langs, defaultLang } = useSession();
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [failure, setFailure] = useState<string | null>(null);
  const warn = useTranslationWarning();
  const discard = useDiscardQuestion();
  const ordered = [defaultLang, ...langs.filter((l) => l !== defaultLang)];
  // a language counts as translated only with every translated field (activities: name and content)
  const missingOf = (values: V) => {
    const t = o.translated;
    const fields = !t ? [] : typeof t.fields === 'function' ? t.fields(values) : t.fields;
    return t ? ordered.filter((l) => fields.some((f) => isBlankText((values[f] as LangTexts | undefined)?.[l]))) : [];
  };

  const form = useForm<V>({
    mode: 'controlled',
    initialValues: o.initial,
    validate: (values) => {
      const body = o.toBody(values);
      const checked = o.schema.safeParse(body);
      const fields: Record<string, string> = {};
      if (!checked.success) for (const issue of checked.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      return { ...formErrors(fields, body, defaultLang, o.fieldOf), ...o.check?.(values, body) };
    },
  });
  const dirty = form.isDirty();
  const release = useUnsavedGuard(dirty);
  // the revision the values came from: the record's when the form opened, then each save's or reload's
  const revision = useRef(o.revision);

  const sentence = (step: 1 | 2, err: unknown) => (o.failed ? o.failed(step, err) : errorSentence(o.action, err, step));
  // the banner shown because of field errors: it goes once every field is fixed (a refusal without
  // field errors stays until the next save)
  const aboutFields = useRef<string | null>(null);
  const fail = (message: string, fields = false) => {
    aboutFields.current = fields ? message : null;
    if (o.flash) o.flash.setError(message);
    else setFailure(message);
  };
  const succeed = (message: string) => {
    aboutFields.current = null;
    setFailure(null);
    o.flash?.setSuccess(message);
  };
  // Mantine clears a field's error when the field changes (clearInputErrorOnChange)
  const errorCount = Object.keys(form.errors).length;
  const flashError = o.flash?.error;
  const clearFlash = o.flash?.clear;
  useEffect(() => {
    const shown = aboutFields.current;
    if (errorCount > 0 || shown === null) return;
    aboutFields.current = null;
    if (clearFlash) {
      if (flashError === shown) clearFlash();
    } else setFailure((f) => (f === shown ? null : f));
  }, [errorCount, flashError, clearFlash]);

  const onSubmit = form.onSubmit(
    async (values) => {
      const body = o.toBody(values);
      if (o.ask && !(await o.ask(values))) return;
      if (o.translated && !(await warn(o.translated.warning, missingOf(values)))) return;
      try {
        const answer = await o.save(revision.current === undefined ? body : ({ ...(body as object), revision: revision.current } as z.input<S>));
        const refusal = answer ? o.refused?.(answer) : sentence(1, null);
        if (refusal) return fail(refusal);
        revision.current = (o.revisionOf ?? answerRevision)(answer) ?? revision.current;
        release();
        form.resetDirty(values);
        succeed(o.success);
        o.onSaved?.(answer, values);
      } catch (err) {
        if (err instanceof ApiError && err.status === 409 && o.reload) {
          // saved by someone else meanwhile: their version is shown, to check and save again
          const fresh = await o.reload().catch(() => null);
          if (fresh) {
            form.setValues(fresh.values);
            form.resetDirty(fresh.values);
            revision.current = fresh.revision;
          }
          return fail(err.message || CORE.editConflict);
        }
        const fields = err instanceof ApiError ? formErrors(err.fields, body, defaultLang, o.fieldOf) : {};
        if (err instanceof ApiError) form.setErrors(fields);
        fail(sentence(2, err), Object.keys(fields).length > 0);
      }
    },
    (errors) => {
      fail(CORE.formError, true);
      // the first field in error shows in its language, and gets the focus
      const first = Object.keys(errors)[0];
      const inLang = first?.match(/\.([a-z]{2})$/)?.[1] as Lang | undefined;
      if (inLang && ordered.includes(inLang)) setLang(inLang);
      setTimeout(() => form.getInputNode(first)?.focus(), 0);
    },
  );

  const errorLangs = ordered.filter((l) => Object.keys(form.errors).some((k) => k.endsWith(`.${l}`)));
  const missingLangs = missingOf(form.values);

  return {
    form,
    lang,
    setLang,
    langs: ordered,
    defaultLang,
    errorLangs,
    missingLangs,
    onSubmit,
    saving: form.submitting,
    dirty,
    failure,
    mayDiscard: () => discard(form.isDirty()),
  };
}

/** The form's own error banner, for a form that has no screen banner (a modal). */
export function FormFailure({ form }: { form: ContractForm<never> | { failure: string | null } }) {
  if (!form.failure) return null;
  return (
    <Alert color="red" role="alert">
      {form.failure}
    </Alert>
  );
}

/**
 * The footer of a form: 'Annuler' (which asks before dropping changes) and the submit button, pending
 * while the call runs.
 */
export function FormActions({ form, submit, onCancel, children }: { form: Pick<ContractForm<never>, 'saving' | 'mayDiscard'>; submit: string; onCancel?(): void; children?: ReactNode }) {
  return (
    <Group justify={children ? 'space-between' : 'flex-end'} gap="sm" mt="xs">
      {children && <Group gap="xs">{children}</Group>}
      <Group gap="xs">
        {onCancel && (
          <Button variant="default" onClick={() => void form.mayDiscard().then((ok) => ok && onCancel())}>
            Annuler
          </Button>
        )}
        <Button type="submit" loading={form.saving}>
          {submit}
        </Button>
      </Group>
    </Group>
  );
}

/** The field props of a picker that is not an input (icon, image): its value, setter, error and path. */
export function pickerProps<V>(cf: ContractForm<V>, path: keyof V & string) {
  const p = cf.form.getInputProps(path);
  return { value: p.value, onChange: p.onChange as (v: unknown) => void, error: p.error as string | undefined, 'data-path': path };
}
