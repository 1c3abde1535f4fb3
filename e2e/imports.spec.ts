import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './clock';
import iconv from 'iconv-lite';
import { expectAccessible, settled, signIn, SHOTS } from './fixtures';

/**
 * Issue 20, imports that keep the good rows: a 600-row Windows-1252 PMS export with two bad rows is
 * previewed, imports 598 rows, lists the two others and offers them to download as a CSV.
 */
const FILES = join(SHOTS, '..', 'e2e-files');
const HEADER = 'N° client;Nom;Prénom;Téléphone;N° séjour;Arrivée;Départ;Emplacement';

function export600(): string {
  mkdirSync(FILES, { recursive: true });
  const lines = [HEADER];
  for (let i = 0; i < 600; i++) {
    const n = 70000 + i;
    if (i === 4) lines.push(`${n};Dupré`); // line 6: cut short
    else if (i === 299) lines.push(`${n};Lefèvre;Zoé;=1+2;S${n};31/02/2025;07/03/2025;A${i}`); // line 301: no 31 February
    else lines.push(`${n};Müller-Éloi;Jean-Luc;06 12 34 56 ${String(i % 100).padStart(2, '0')};S${n};01/07/2025;08/07/2025;A${i}`);
  }
  const path = join(FILES, 'export-pms-600.csv');
  writeFileSync(path, iconv.encode(lines.join('\r\n'), 'win1252'));
  return path;
}

/** The part of the screen in view at 1024 and 1440 (the client list below makes a full page very long). */
async function shotInView(page: Page, name: string, part: ReturnType<Page['getByRole']>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

async function pick(page: Page, label: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel(label).click();
  await (await chooser).setFiles(path);
}

test('a 600-row export with two bad rows: preview, 598 imported, the two listed and downloaded', async ({ page }) => {
  test.setTimeout(120_000);
  const file = export600();
  await signIn(page);
  await page.goto('/users/clients');
  await expect(page.getByRole('heading', { name: 'Import des réservations' })).toBeVisible();

  await pick(page, 'Fichier des séjours', file);
  const preview = page.getByRole('region', { name: 'Aperçu de « export-pms-600.csv »' });
  await expect(preview.getByText('598 lignes seront importées, 2 lignes seront refusées')).toBeVisible({ timeout: 15_000 });
  await expect(preview.getByRole('group', { name: 'Colonnes reconnues' }).getByText('Téléphone', { exact: true })).toBeVisible();
  await expect(preview.getByRole('table', { name: 'Premières lignes telles qu’elles seront lues' })).toContainText('Müller-Éloi');
  await expect(preview.getByText('Ligne 6 : la ligne compte 2 colonnes au lieu de 8')).toBeVisible();
  await shotInView(page, 'imports-preview', preview);
  await expectAccessible(page, 'import preview');

  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByText(/^2 réservations ne sont pas passées : ligne 6 \(n° 70004\)/).first()).toBeVisible({ timeout: 20_000 });
  const refused = page.getByRole('table', { name: 'Lignes refusées' });
  await expect(refused.getByRole('row')).toHaveCount(3);
  await expect(refused).toContainText('31/02/2025');
  await expect(page.getByText('600 lignes lues · 1196 créations · 0 mise à jour · 2 lignes refusées')).toBeVisible();
  await shotInView(page, 'imports-result', refused);
  await expectAccessible(page, 'import result');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger les lignes refusées (CSV)' }).click();
  const saved = await (await download).path();
  const bytes = readFileSync(saved);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe(`Ligne d'origine;Motif du refus;${HEADER}`);
  expect(lines[1]).toBe('6;la ligne compte 2 colonnes au lieu de 8;70004;Dupré;;;;;;');
  expect(lines[2]).toContain(";'=1+2;S70299;31/02/2025;");
});
