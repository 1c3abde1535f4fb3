import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './clock';
import { expectAccessible, settled, shotWidths, signIn } from './fixtures';

/**
 * A client in view and in reach (issue 20), on the demo campsite: a search by name shows its result
 * without scrolling at 1440×900 and within a few Tab presses; the client's card actions (printed card,
 * erasure); the on-site clients exported as CSV, its bytes read as a spreadsheet would.
 */
test.describe('people actions', () => {
  test('search a client by name: the result on screen at once, in reach of the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/users/clients');
    const search = page.getByRole('form', { name: 'Rechercher des fiches clients' });
    await search.getByLabel('Nom', { exact: true }).fill('lefevre');
    await search.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Résultats de votre recherche' })).toBeVisible();
    const first = page.getByRole('row', { name: /^Fiche client / }).first();
    await expect(first).toBeVisible();
    await expect(first.getByRole('link')).toHaveText(/LEFÈVRE/);
    // on screen without scrolling: Playwright scrolled the button into view to click it, and the results,
    // once shown, bring the page back to its top (an effect that runs after the rows are painted)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(first).toBeInViewport();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(900);
    // the keyboard starts at the results: the first client's link within a few Tab presses
    let presses = 0;
    while (presses < 10) {
      await page.keyboard.press('Tab');
      presses++;
      if (await first.getByRole('link').evaluate((el) => el === document.activeElement)) break;
    }
    expect(presses).toBeLessThanOrEqual(8);
    // the search form is folded, the card opens on demand
    await expect(page.getByRole('button', { name: 'Modifier la recherche' })).toHaveAttribute('aria-expanded', 'false');
    // 1024: the table is not clipped (no horizontal scroll in it)
    await page.setViewportSize({ width: 1024, height: 900 });
    await settled(page);
    const overflow = await page.locator('table:has(tr[aria-label^="Fiche client"])').evaluate((table) => {
      let el: HTMLElement | null = table.parentElement;
      while (el && getComputedStyle(el).overflowX === 'visible') el = el.parentElement;
      return el ? el.scrollWidth - el.clientWidth : 0;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 1440, height: 900 });
    await first.getByRole('button', { name: /^Ouvrir la carte de / }).click();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'client search results');
    await shotWidths(page, 'people-actions-search');
  });

  test("a client's card: the printed card, then the erasure", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    // a name no other journey reads (they share the demo campsite)
    await page.goto('/users/clients?lastname=visser&search=1');
    const first = page.getByRole('row', { name: /^Fiche client / }).first();
    const number = (await first.getAttribute('aria-label'))!.replace('Fiche client ', '');
    const name = (await first.getByRole('link').textContent())!;
    await first.getByRole('link').click();
    await expect(page.getByRole('group', { name: 'Actions sur la fiche' })).toBeVisible();
    await expectAccessible(page, 'client detail');
    await shotWidths(page, 'people-actions-detail');

    await page.getByRole('button', { name: 'Imprimer la carte d’accueil' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: /Scannez ce code/ })).toBeVisible();
    await expect(dialog.getByTestId('print-code')).toHaveText(/^[A-Z0-9]{8}$/);
    await expectAccessible(page, 'printed card');
    await shotWidths(page, 'people-actions-print-card');
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();

    await page.getByRole('button', { name: 'Supprimer le client' }).click();
    const ask = page.getByRole('dialog');
    await expect(ask).toContainText('Cette action est irréversible');
    await ask.getByRole('button', { name: 'Oui' }).click();
    await expect(page).toHaveURL(/\/users\/clients$/);
    await expect(page.getByText(/^La fiche client de .* a bien été supprimée$/)).toBeVisible();
    await page.goto(`/users/clients/${number}`);
    await expect(page.getByText(`Aucune fiche client ne porte le numéro ${number}.`)).toBeVisible();
    expect(name.length).toBeGreaterThan(0);
  });

  test('export the on-site clients: a CSV a spreadsheet opens as it is', async ({ page }) => {
    await signIn(page);
    await page.goto('/users/clients?on_site=1');
    const counter = page.locator('[aria-label="Compteurs"]').getByText('Fiches clients').locator('xpath=following-sibling::*[1]');
    await expect(counter).toHaveText(/^\d+$/);
    const onSite = Number(await counter.textContent());
    expect(onSite).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exporter les fiches en CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fiches-clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe("N° client;Code d'activation;Civilité;Nom;Prénom;Date de naissance;Langue;E-mail;E-mail 2;Téléphone;Téléphone 2;Téléphone 3;Type;Arrivée;Départ;Emplacement;Création;Modification");
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(onSite);
    for (const row of rows) {
      const cells = row.split(';');
      // arrival and departure as dd/mm/yyyy; a cell never begins with a formula character
      expect(cells[13]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(cells[14]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });
});
