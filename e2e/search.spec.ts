import { expect, type Page } from '@playwright/test';
import { test } from './clock';
import { mkdirSync } from 'node:fs';
import { SHOTS, createStaff, expectAccessible, settled, signIn, signOut } from './fixtures';

// The top bar's global search (issue 33, docs/search.md): reception at 1024 px, '/' then a name and Enter
// opens the stay's page; the arrows pick another result; without the people flag the field is not there.

const RECEPTION = { login: 'accueil', password: 'equipe-2025' };
type Row = { stay_number: string; client: { lastname: string; firstname: string } };
type Found = { stays: { stay_number: string; when: string }[] };

/** The top of the screen, where the results open (a whole-page shot of the home shrinks them out of sight). */
async function topShot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: 420 } });
}

test('reception finds a guest on site by name: / then the name and Enter open the stay page', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, RECEPTION.login, RECEPTION.password);
  // a guest on site whose name leads to their stay first (namesakes of the demo aside)
  const onSite = (await (await page.request.get('/api/dashboard/stays/list?on_site=1&per_page=50')).json()).rows as Row[];
  let chosen: { row: Row; typed: string } | undefined;
  for (const row of onSite) {
    const typed = `${row.client.lastname} ${row.client.firstname.slice(0, 3)}`;
    const found = (await (await page.request.get(`/api/dashboard/search?q=${encodeURIComponent(typed)}`)).json()) as Found;
    if (found.stays[0]?.stay_number === row.stay_number && found.stays[0].when === 'current') {
      chosen = { row, typed };
      break;
    }
  }
  expect(chosen, 'a guest on site the search finds first').toBeDefined();
  const { row, typed } = chosen!;

  const field = page.getByRole('combobox', { name: 'Recherche globale' });
  await expect(field).toHaveAttribute('placeholder', /\(\/\)/);
  // closed, as on every screen
  await expectAccessible(page, 'global search (closed)');
  await page.keyboard.press('/');
  await expect(field).toBeFocused();
  await page.keyboard.type(typed);
  const list = page.getByRole('listbox', { name: 'Résultats de la recherche' });
  const first = list.getByRole('option').first();
  await expect(first).toContainText(`Séjour n° ${row.stay_number}`);
  await expect(first).toContainText('En cours');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'global search (results open)');
  await topShot(page, 'search-results-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await topShot(page, 'search-results-1440');
  // a phone at the desk or on a pitch: the name shrinks, the field stays usable
  await page.setViewportSize({ width: 390, height: 800 });
  await topShot(page, 'search-results-390');
  await page.setViewportSize({ width: 1024, height: 800 });

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/sejours/${row.stay_number}$`));
  await expect(page.getByText(row.stay_number).first()).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(list).toHaveCount(0);

  // Ctrl+K from the page, a client number: the arrows go to the next result, Escape closes then empties
  await page.keyboard.press('Control+k');
  await expect(field).toBeFocused();
  await page.keyboard.type('Martin');
  await expect(list.getByRole('option').nth(1)).toBeVisible();
  const second = (await list.getByRole('option').nth(1).innerText()).match(/Séjour n° (\S+)/)?.[1];
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  if (second) {
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/users/sejours/${second}$`));
  }
  await field.focus();
  await page.keyboard.type('zzzz');
  await expect(page.getByText('Aucun résultat', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('');
});

test('a member without the people flag has no search, and the call refuses them in French', async ({ page }) => {
  await signIn(page);
  const cook = await createStaff(page, 'cuisine-recherche', { homepage: 1, services: 1 });
  await signOut(page);
  await signIn(page, cook.login, cook.password);
  await expect(page.getByRole('combobox', { name: 'Recherche globale' })).toHaveCount(0);
  const res = await page.request.get('/api/dashboard/search?q=martin');
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe("Vous n'avez pas l'autorisation d'accéder à cette fonctionnalité.");
});
