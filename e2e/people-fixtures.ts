import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { axeViolations, shot, SHOTS } from './fixtures';

/** What the people journeys (people.spec.ts, people-hub.spec.ts) share: their files, axe, screenshots, file fields. */

export const FILES = '.tmp/e2e-people-files';

export async function axe(page: Page, name: string) {
  // the screen, not its loader
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 160)).slice(0, 3).join(', ')}`)).toEqual([]);
}

/** Screenshots at 1024 and 1440 wide; long lists are shot as the screen shows them. */
export async function both(page: Page, name: string, { full = true } = {}) {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    if (full) await shot(page, `people-${name}-${width}`);
    else await page.screenshot({ path: `${SHOTS}/people-${name}-${width}.png` });
  }
}

/** Chooses a file in a file field, as a user does: the field opens the file chooser. */
export async function pick(page: Page, label: string, path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel(label).click();
  await (await chooser).setFiles(path);
}

/** A reservations export as a French office writes it: Windows-1252, ';', dd/mm/yyyy. */
export function writeExports() {
  mkdirSync(FILES, { recursive: true });
  const clients = ['N° client;Civilité;Nom;Prénom;E-mail;Téléphone;Langue'];
  const stays = ['N° séjour;N° client;Emplacement;Hébergement;Arrivée;Départ'];
  clients.push('90001;Mme;Lefèvre-Étiennette;Éloïse;eloise@exemple.fr;06 11 22 33 44;fr');
  stays.push('95001;90001;A7;Mobil-home Confort;01/07/2025;14/07/2025');
  for (let i = 2; i <= 60; i++) {
    clients.push(`${90000 + i};M.;Import${String(i).padStart(2, '0')};Test;import${i}@exemple.fr;0600000${String(i).padStart(3, '0')};en`);
    stays.push(`${95000 + i};${90000 + i};B${i};Emplacement nu;${1 + (i % 27)}/08/2025;${2 + (i % 27)}/08/2025`);
  }
  writeFileSync(join(FILES, 'clients.csv'), iconv.encode(clients.join('\r\n'), 'win1252'));
  writeFileSync(join(FILES, 'sejours.csv'), iconv.encode(stays.join('\r\n'), 'win1252'));
}

/** A screen as staff meet it: axe on it, then its screenshots at both widths. */
export async function checkScreen(page: Page, name: string, options: { full?: boolean } = {}) {
  await axe(page, name);
  await both(page, name, options);
}
