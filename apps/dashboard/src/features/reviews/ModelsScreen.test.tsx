import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewModel } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import ModelsScreen from './ModelsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const model: ReviewModel = {
  _id: 'm1',
  name: 'Fin de séjour 2026',
  type: 'global',
  notification_time: 86400,
  questions: [{ _id: 'q1', type: 'notation', mandatory: true, translations: [{ lang: 'fr', title: 'Note globale', select_list: '' }] }],
  nb_questions: 1,
  translations: [{ lang: 'fr', title: 'Votre avis', introduction: 'Merci !', notification_title: 'Votre avis', notification_content: 'Donnez-nous votre avis' }],
  user: null,
  created_time: 0,
  edited_time: 0,
  enabled_time: 1_780_000_000,
};
const settings = { public_link: '', public_link_label: '', alert_threshold: 0, alert_emails: [] };

let sendRefused: string | null = null;
const disabled: ReviewModel = { ...model, _id: 'm2', name: 'Printemps', type: '', enabled_time: null };

function server(insertAnswer: unknown = false, list: ReviewModel[] = [model]) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') sent.push({ url, body: JSON.parse(String(init.body)) });
    if (url.includes('review_models/list')) return json(list);
    if (url.includes('reviews/settings/update')) return json({ ...settings, ...JSON.parse(String(init?.body)) });
    if (url.includes('reviews/settings')) return json(settings);
    if (url.includes('review_models/insert')) return json(insertAnswer);
    if (url.includes('review_models/delete')) return json(true);
    if (url.includes('review_models/services')) return json([{ _id: 's1', name: 'Kayak' }]);
    if (url.includes('review_models/test-link')) return json({ url: 'https://app.example/de/rezensionen?t=abc.def', expires: 1 });
    if (url.includes('review_models/guests')) return json([{ _id: 'g1', firstname: 'Anna', lastname: 'Weber', email: 'anna@example.de', client_number: '5120', devices: 0 }]);
    if (url.includes('review_models/send')) {
      const body = JSON.parse(String(init?.body));
      return body.guest === 'g1' && sendRefused ? new Response(JSON.stringify({ message: sendRefused }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '600' } }) : json({ invitation: 'i1', email: 'anna@example.de' });
    }
    return json(false);
  }));
  return sent;
}

/** Chooses in a Mantine select: its own list of options (every select keeps one in the page). */
async function pick(user: ReturnType<typeof userEvent.setup>, combo: HTMLElement, option: string) {
  await user.click(combo);
  await waitFor(() => expect(combo.getAttribute('aria-controls')).toBeTruthy());
  await user.click(within(document.getElementById(combo.getAttribute('aria-controls')!)!).getByRole('option', { name: option, hidden: true }));
}

/** Types a text at once (a paste), as the field receives it. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const start = async () => {
  const { router } = renderApp({ '/avis/formulaires': <ModelsScreen /> }, { permissions: { reviews: 1 } });
  await act(() => router.navigate('/avis/formulaires'));
  return userEvent.setup();
};

describe('the review questionnaires screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a card per questionnaire with its menu Éditer, Supprimer, Fermer, and the settings beside', async () => {
    server();
    const user = await start();
    expect(await screen.findByText('Fin de séjour 2026')).toBeInTheDocument();
    expect(screen.getByText('Fin de séjour')).toBeInTheDocument();
    expect(screen.getByText('Envoi : 1 jour après le départ, pour les séjours terminés depuis le 28/05/2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions du questionnaire Fin de séjour 2026' }));
    for (const item of ['Éditer', 'Supprimer', 'Fermer']) expect(await screen.findByRole('menuitem', { name: item, hidden: true })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Avis en ligne et alertes' })).toBeInTheDocument();
  });

  it('deletes a questionnaire after its question, keeping the collected reviews', async () => {
    const sent = server();
    const user = await start();
    await user.click(await screen.findByRole('button', { name: 'Actions du questionnaire Fin de séjour 2026' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Supprimer', hidden: true }));
    const question = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(question).getByText(/supprimer le questionnaire « Fin de séjour 2026 ».*les avis déjà récoltés sont conservés/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText("Le modèle d'avis a bien été supprimé")).toBeInTheDocument();
    expect(sent).toEqual([{ url: '/api/dashboard/review_models/delete', body: { id: 'm1' } }]);
  });

  it('saves the public review page and the alert, refusing a link that is not one', async () => {
    const sent = server();
    const user = await start();
    const card = await screen.findByRole('form', { name: 'Avis en ligne et alertes' });
    await fill(user, within(card).getByLabelText("Lien de votre page d'avis publique"), 'google');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(card).findByText("Le lien d'avis public n'est pas valide")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(within(card).getByLabelText("Lien de votre page d'avis publique"));
    await fill(user, within(card).getByLabelText("Lien de votre page d'avis publique"), 'https://g.page/r/camping/review');
    await fill(user, within(card).getByLabelText('Nom affiché aux clients'), 'Google');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les paramètres des avis ont bien été enregistrés')).toBeInTheDocument();
    expect(sent).toEqual([{ url: '/api/dashboard/reviews/settings/update', body: { public_link: 'https://g.page/r/camping/review', public_link_label: 'Google', alert_threshold: 0, alert_emails: [] } }]);
  }, 60_000);

  it("says under 'Envoi' what saving a new questionnaire will do", async () => {
    server(false, [disabled]);
    const user = await start();
    await user.click(await screen.findByRole('button', { name: 'Créer un questionnaire' }));
    const form = await screen.findByRole('form', { name: 'Paramétrer un questionnaire' });
    expect(within(form).getByText("À l'enregistrement, chaque client sera invité après son départ, au délai choisi ; les séjours dont l'invitation aurait dû partir avant ne le seront pas.")).toBeInTheDocument();
    await pick(user, within(form).getByRole('combobox', { name: 'Envoi' }), 'Désactivé');
    expect(within(form).getByText("Aucun client ne sera invité tant que l'envoi restera désactivé.")).toBeInTheDocument();
  });

  it("starts a new questionnaire 'Désactivé' while another is sent at the end of stays, 'Fin de séjour' not offered", async () => {
    const sent = server(false);
    const user = await start();
    await user.click(await screen.findByRole('button', { name: 'Créer un questionnaire' }));
    const form = await screen.findByRole('form', { name: 'Paramétrer un questionnaire' });
    const combo = within(form).getByRole('combobox', { name: 'Envoi' });
    expect(combo).toHaveValue('Désactivé');
    expect(within(form).getByText("Le questionnaire « Fin de séjour 2026 » est déjà envoyé en fin de séjour : désactivez-le avant d'en activer un autre")).toBeInTheDocument();
    await user.click(combo);
    await waitFor(() => expect(combo.getAttribute('aria-controls')).toBeTruthy());
    const options = document.getElementById(combo.getAttribute('aria-controls')!)!;
    expect(within(options).getByRole('option', { name: 'Fin de séjour', hidden: true })).toHaveAttribute('aria-disabled', 'true');
    await fill(user, within(form).getByLabelText(/Nom du questionnaire/), 'Été 2026');
    await fill(user, within(form).getByLabelText(/Titre du questionnaire \(FR\)/), 'Votre séjour');
    await fill(user, within(form).getByLabelText(/Introduction \(FR\)/), 'Deux minutes');
    await fill(user, within(form).getByLabelText(/Titre de la notification \(FR\)/), 'Votre avis');
    await fill(user, within(form).getByLabelText(/Contenu de la notification \(FR\)/), 'Dites-nous tout');
    await fill(user, within(form).getByLabelText(/Question 1 \(FR\)/), 'Un commentaire ?');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Traductions manquantes' })).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ name: 'Été 2026', type: '' });
  }, 60_000);

  it("'Essayer / envoyer': a test link in the language chosen, then 'Envoyer à un client' to the guest picked, the throttle's sentence shown", async () => {
    const sent = server();
    const user = await start();
    await user.click(await screen.findByRole('button', { name: 'Actions du questionnaire Fin de séjour 2026' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Essayer / envoyer', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Essayer ou envoyer « Fin de séjour 2026 »' });
    await pick(user, within(dialog).getByRole('combobox', { name: 'Langue' }), 'Allemand');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le lien de test' }));
    const link = await within(dialog).findByRole('link', { name: 'Ouvrir le lien de test (Allemand)' });
    expect(link).toHaveAttribute('href', 'https://app.example/de/rezensionen?t=abc.def');
    expect(link).toHaveAttribute('target', '_blank');
    // nobody picked: said on the field, nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer à un client' }));
    expect(await within(dialog).findByText('Veuillez choisir un client')).toBeInTheDocument();
    const field = within(dialog).getByRole('combobox', { name: 'Client' });
    await fill(user, field, 'web');
    const option = await screen.findByRole('option', { name: 'Anna Weber · anna@example.de · client 5120 · aucun appareil', hidden: true });
    await user.click(option);
    sendRefused = "Cette adresse a déjà reçu plusieurs e-mails dans l'heure. Réessayez dans 10 minutes.";
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer à un client' }));
    expect(await within(dialog).findByText("Cette adresse a déjà reçu plusieurs e-mails dans l'heure. Réessayez dans 10 minutes.")).toBeInTheDocument();
    sendRefused = null;
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer à un client' }));
    expect(await screen.findByText('Le questionnaire a bien été envoyé à anna@example.de')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.map((x) => [x.url, x.body])).toEqual([
      ['/api/dashboard/review_models/test-link', { id: 'm1', lang: 'de' }],
      ['/api/dashboard/review_models/send', { id: 'm1', guest: 'g1' }],
      ['/api/dashboard/review_models/send', { id: 'm1', guest: 'g1' }],
    ]);
  }, 60_000);

  it("'Après une prestation': the service is asked for, then sent with the delay after the slot (issue 32)", async () => {
    const sent = server(false);
    const user = await start();
    await user.click(await screen.findByRole('button', { name: 'Créer un questionnaire' }));
    const form = await screen.findByRole('form', { name: 'Paramétrer un questionnaire' });
    await pick(user, within(form).getByRole('combobox', { name: 'Envoi' }), 'Après une prestation');
    expect(within(form).getByText(/Chaque client ayant réservé un créneau de cette prestation sera invité après sa fin/)).toBeInTheDocument();
    await pick(user, within(form).getByRole('combobox', { name: "Délai d'envoi après le créneau" }), 'Instantané (à la fin du créneau)');
    await fill(user, within(form).getByLabelText(/Nom du questionnaire/), 'Après le kayak');
    await fill(user, within(form).getByLabelText(/Titre du questionnaire \(FR\)/), 'Votre sortie');
    await fill(user, within(form).getByLabelText(/Introduction \(FR\)/), 'Deux minutes');
    await fill(user, within(form).getByLabelText(/Titre de la notification \(FR\)/), 'Votre avis');
    await fill(user, within(form).getByLabelText(/Contenu de la notification \(FR\)/), 'Dites-nous tout');
    await fill(user, within(form).getByLabelText(/Question 1 \(FR\)/), 'Un commentaire ?');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Veuillez choisir une prestation')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await pick(user, within(form).getByRole('combobox', { name: 'Prestation' }), 'Kayak');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Traductions manquantes' })).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toMatchObject({ name: 'Après le kayak', type: 'service', service: 's1', notification_time: 0 });
  }, 60_000);

  it("names on its card the service a questionnaire 'Après une prestation' follows", async () => {
    server(false, [model, { ...model, _id: 'm2', name: 'Après le kayak', type: 'service', service: 's1' }]);
    await start();
    const card = (await screen.findByText('Après le kayak')).closest('.mantine-Card-root') as HTMLElement;
    expect(await within(card).findByText('Prestation : Kayak')).toBeInTheDocument();
    const other = screen.getByText('Fin de séjour 2026').closest('.mantine-Card-root') as HTMLElement;
    expect(within(other).queryByText(/^Prestation :/)).not.toBeInTheDocument();
  });

  it("says under 'Envoi' of a questionnaire already sent what switching it off will do", async () => {
    server();
    const user = await start();
    await user.click(await screen.findByText('Fin de séjour 2026'));
    const form = await screen.findByRole('form', { name: 'Paramétrer un questionnaire' });
    expect(within(form).getByText('Les clients continueront d’être invités après leur départ, au délai choisi.')).toBeInTheDocument();
    await pick(user, within(form).getByRole('combobox', { name: 'Envoi' }), 'Désactivé');
    expect(within(form).getByText("À l'enregistrement, plus aucun client ne sera invité ; les invitations pas encore parties seront annulées.")).toBeInTheDocument();
  });

  it("refuses an empty questionnaire with the spec's sentences and sends nothing", async () => {
    const sent = server();
    const user = await start();
    await user.click(await screen.findByRole('button', { name: 'Créer un questionnaire' }));
    const form = await screen.findByRole('form', { name: 'Paramétrer un questionnaire' });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeInTheDocument();
    expect(within(form).getByText('Le nom ne doit pas être vide')).toBeInTheDocument();
    expect(within(form).getByText('Le titre ne doit pas être vide (version FR)')).toBeInTheDocument();
    expect(within(form).getByText('Le titre de la question ne doit pas être vide (version FR)')).toBeInTheDocument();
    // the only question removed: at least one is needed
    await user.click(within(form).getByRole('button', { name: 'Supprimer la question 1' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Vous devez au moins avoir 1 question')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("creates one question of each type, warns of the missing translations, and shows the server's err_message", async () => {
    const sent = server({ err_code: 1, err_message: 'Un autre questionnaire porte déjà ce nom' }, [disabled]);
    const user = await start();
    await user.click(await screen.findByRole('button', { name: 'Créer un questionnaire' }));
    const form = await screen.findByRole('form', { name: 'Paramétrer un questionnaire' });
    await fill(user, within(form).getByLabelText(/Nom du questionnaire/), 'Été 2026');
    await fill(user, within(form).getByLabelText(/Titre du questionnaire \(FR\)/), 'Votre séjour');
    await fill(user, within(form).getByLabelText(/Introduction \(FR\)/), 'Deux minutes pour nous aider');
    await fill(user, within(form).getByLabelText(/Titre de la notification \(FR\)/), 'Votre avis compte');
    await fill(user, within(form).getByLabelText(/Contenu de la notification \(FR\)/), 'Dites-nous tout');
    await fill(user, within(form).getByLabelText(/Question 1 \(FR\)/), 'Un commentaire ?');
    await user.click(within(form).getByRole('button', { name: 'Ajouter une question' }));
    await pick(user, within(form).getByRole('combobox', { name: 'Type de la question 2' }), 'Notation (1 à 5)');
    await fill(user, within(form).getByLabelText(/Question 2 \(FR\)/), 'Note de la piscine');
    await user.click(within(form).getByRole('button', { name: 'Ajouter une question' }));
    await pick(user, within(form).getByRole('combobox', { name: 'Type de la question 3' }), 'Choix');
    await fill(user, within(form).getByLabelText(/Question 3 \(FR\)/), 'Reviendrez-vous ?');
    await fill(user, within(form).getByLabelText(/Réponses possibles 3 \(FR\)/), 'Oui');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Vous devez spécifier au moins 2 réponses possibles')).toBeInTheDocument();
    await fill(user, within(form).getByLabelText(/Réponses possibles 3 \(FR\)/), ', Non, Peut-être');
    expect(within(form).getByText('3 réponses (de 2 à 5, 25 caractères au plus)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const warning = await screen.findByRole('dialog', { name: 'Traductions manquantes' });
    expect(within(warning).getByText("Le formulaire d'avis n'est pas traduit dans les langues suivantes : EN, DE")).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Un autre questionnaire porte déjà ce nom')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      name: 'Été 2026',
      type: 'global',
      notification_time: 86400,
      translations: [{ lang: 'fr', title: 'Votre séjour', introduction: 'Deux minutes pour nous aider', notification_title: 'Votre avis compte', notification_content: 'Dites-nous tout' }],
      questions: [
        { type: 'text', mandatory: true, translations: [{ lang: 'fr', title: 'Un commentaire ?' }] },
        { type: 'notation', mandatory: true, translations: [{ lang: 'fr', title: 'Note de la piscine' }] },
        { type: 'select', mandatory: true, translations: [{ lang: 'fr', title: 'Reviendrez-vous ?', select_list: 'Oui, Non, Peut-être' }] },
      ],
    });
    // a refusal keeps the form open with what was typed
    expect(within(form).getByLabelText(/Nom du questionnaire/)).toHaveValue('Été 2026');
  }, 60_000);
});
