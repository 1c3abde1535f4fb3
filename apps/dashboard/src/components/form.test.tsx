import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { TextInput } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { TITLE_40, groupInsert, textErrors } from '@campsite/shared';
import { renderApp } from '../test-harness';
import { FormCard } from './FormCard';
import { FlashBanner, useFlash, type Flash } from './flash';
import { formPath, langTexts, toTranslations, useContractForm, type LangTexts } from './form';
import { TranslatedInput } from './translated';

describe('form paths', () => {
  it("names a translation's field by its language, and the default language when it was left out", () => {
    const body = { translations: [{ lang: 'fr', name: '' }, { lang: 'de', name: 'x' }], welcome: [{ lang: 'en', welcome: '' }] };
    expect(formPath('translations.1.name', body, 'fr')).toBe('name.de');
    expect(formPath('translations.2.name', body, 'fr')).toBe('name.fr');
    expect(formPath('welcome.0.welcome', body, 'fr')).toBe('welcome.en');
    expect(formPath('icon', body, 'fr')).toBe('icon');
    expect(formPath('dates.0.end', { dates: [{ start: 1, end: 0 }] }, 'fr')).toBe('dates.0.end');
    const questions = { questions: [{ type: 'text', translations: [{ lang: 'fr', title: '' }, { lang: 'en', title: 'x' }] }] };
    expect(formPath('questions.0.translations.1.title', questions, 'fr')).toBe('questions.0.title.en');
    expect(formPath('questions.0.translations.2.title', questions, 'fr')).toBe('questions.0.title.fr');
    expect(formPath('questions.0.type', questions, 'fr')).toBe('questions.0.type');
  });

  it('sends the default language always, then the languages that hold a text, disabled ones kept', () => {
    const name = { ...langTexts([], 'name'), fr: '', de: 'Schwimmbad', it: 'Piscina' };
    expect(toTranslations({ name }, ['fr', 'en', 'de'], 'fr')).toEqual([
      { lang: 'fr', name: '' },
      { lang: 'de', name: 'Schwimmbad' },
      { lang: 'it', name: 'Piscina' },
    ]);
  });
});

interface Values extends Record<string, unknown> {
  icon: string;
  name: LangTexts;
}

function RubricDemo({ sent, flash }: { sent: unknown[]; flash?: Flash }) {
  const f = useContractForm({
    initial: { icon: '', name: langTexts([], 'name') } as Values,
    schema: groupInsert,
    toBody: (v) => ({ icon: v.icon, translations: toTranslations({ name: v.name }, ['fr', 'en', 'de'], 'fr') }),
    check: (_, body) => textErrors(body.translations, 'fr', [TITLE_40]),
    translated: { fields: ['name'], warning: "La rubrique n'est pas traduite dans les langues suivantes :" },
    save: async (body) => {
      sent.push(body);
      return { _id: 'g1' };
    },
    action: 'Impossible de créer la rubrique',
    success: 'La rubrique a bien été créée !',
    flash,
  });
  return (
    <>
      {flash && <FlashBanner flash={flash} />}
      <Link to="/ailleurs">Mes rubriques</Link>
      <FormCard form={f} title="Nouvelle rubrique" submit="Créer" translated>
        <TextInput label="Icône" {...f.form.getInputProps('icon')} />
        <TranslatedInput form={f} field="name" label="Nom" max={40} />
      </FormCard>
    </>
  );
}

describe('a contract form', () => {
  it('shows the schema’s French errors per field and per language, then saves after the translation warning', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderApp({ '/': <RubricDemo sent={sent} /> });
    // the form takes the focus when it opens
    await waitFor(() => expect(screen.getByLabelText('Icône')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeInTheDocument();
    expect(screen.getByText('Vous devez indiquer le titre (version FR)')).toBeInTheDocument();
    expect(screen.getByText('Veuillez choisir un icône')).toBeInTheDocument();
    // the French badge says it has an error; English and German lack their translation
    expect(screen.getByText('Français : erreur à corriger')).toBeInTheDocument();
    expect(screen.getByText('Anglais : traduction manquante')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Icône'), 'tente');
    await user.type(screen.getByRole('textbox', { name: /^Nom \(FR\)/ }), 'Services du camping');
    expect(screen.getByText('19 / 40')).toBeInTheDocument();
    await user.click(screen.getByText('DE'));
    await user.type(screen.getByRole('textbox', { name: /^Nom \(DE\)/ }), 'Dienste');
    expect(screen.queryByText('Deutsch : traduction manquante')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Créer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Traductions manquantes' });
    expect(dialog).toHaveTextContent("La rubrique n'est pas traduite dans les langues suivantes : EN");
    // Oui saves: it is the primary button, not a red one
    const yes = within(dialog).getByRole('button', { name: 'Oui' });
    expect(yes.getAttribute('data-variant') ?? 'filled').toBe('filled');
    expect(yes.style.getPropertyValue('--button-bg')).not.toContain('red');
    await user.click(yes);
    await waitFor(() => expect(sent).toEqual([{ icon: 'tente', translations: [{ lang: 'fr', name: 'Services du camping' }, { lang: 'de', name: 'Dienste' }] }]));
  });

  it('a long name is refused in its language with the spec’s sentence, nothing sent', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderApp({ '/': <RubricDemo sent={sent} /> });
    await user.type(screen.getByLabelText('Icône'), 'tente');
    await user.type(screen.getByRole('textbox', { name: /^Nom \(FR\)/ }), 'x'.repeat(41));
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Le titre ne doit pas dépasser 40 caractères (version FR)')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

function ScreenDemo() {
  return <RubricDemo sent={[]} flash={useFlash()} />;
}

describe('messages that tell the truth', () => {
  it.each([
    ['its own banner (a modal)', <RubricDemo sent={[]} />],
    ["the screen's banner", <ScreenDemo />],
  ])("a fixed field loses its error, and %s goes once nothing is wrong", async (_, demo) => {
    const user = userEvent.setup();
    renderApp({ '/': demo });
    await user.click(await screen.findByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Il y a une ou plusieurs erreur(s) dans le formulaire');
    await user.type(screen.getByLabelText('Icône'), 'tente');
    // that field is fixed: its error goes, the banner stays while the name is still missing
    expect(screen.queryByText('Veuillez choisir un icône')).toBeNull();
    expect(screen.getByText('Vous devez indiquer le titre (version FR)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Il y a une ou plusieurs erreur(s)');
    await user.type(screen.getByRole('textbox', { name: /^Nom \(FR\)/ }), 'Loisirs');
    await waitFor(() => expect(screen.queryByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeNull());
    expect(screen.queryByText('Vous devez indiquer le titre (version FR)')).toBeNull();
  });
});

describe('the unsaved-changes guard', () => {
  it('asks before a link leaves a dirty form; Rester keeps the text, Quitter leaves', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ '/': <RubricDemo sent={[]} />, '/ailleurs': <p>Ailleurs</p> });
    // untouched: the link just goes
    await user.click(screen.getByRole('link', { name: 'Mes rubriques' }));
    expect(await screen.findByText('Ailleurs')).toBeInTheDocument();
    await router.navigate('/');
    await user.type(await screen.findByRole('textbox', { name: /^Nom \(FR\)/ }), 'Loisirs');
    await user.click(screen.getByRole('link', { name: 'Mes rubriques' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifications non enregistrées' });
    await user.click(within(dialog).getByRole('button', { name: 'Rester' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: /^Nom \(FR\)/ })).toHaveValue('Loisirs');
    expect(router.state.location.pathname).toBe('/');
    await user.click(screen.getByRole('link', { name: 'Mes rubriques' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Modifications non enregistrées' })).getByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(await screen.findByText('Ailleurs')).toBeInTheDocument();
  });
});
