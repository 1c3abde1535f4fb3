import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminConfigAnswer } from '@campsite/shared';
import { OPERATOR } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import AdminSettingsScreen from './AdminSettingsScreen';

const ADMIN: AdminConfigAnswer = {
  config_pms: { name: '', period: '', separator: '', prefix: '', ftp_host: '', ftp_user: '', ftp_pass: '', intern_token: '', api_token: '', api_url: '', last_handling: null },
  features: 'premium',
  active_connexion: true,
  application_ouverte: false,
  show_stay_dates: true,
  show_stay_location: false,
  config_emails: { default: '', inventories: '', bcc_inventories: false, services: '', bcc_services: false },
  plan_by_operator: false,
};

/** The server's answers: the administrator settings as given, nothing else (the backups' section stays empty). */
function answering(admin: AdminConfigAnswer) {
  vi.stubGlobal('fetch', async (url: string) =>
    String(url).includes('config/admin/list') ? Response.json(admin) : Response.json({ statusCode: 403, message: 'refusé' }, { status: 403 }),
  );
}

describe("the administrator screen's plan", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered to choose on a single site', async () => {
    answering(ADMIN);
    renderApp({ '/administration/features': <AdminSettingsScreen /> }, { permissions: { super: 1 } });
    // Mantine's select: a combobox whose list offers both plans
    const plan = await screen.findByRole('combobox', { name: 'Formule' });
    expect(plan).toHaveValue('Premium');
    await userEvent.setup().click(plan);
    expect(await screen.findByRole('option', { name: 'Essentiel', hidden: true })).toBeInTheDocument();
    expect(screen.queryByText(OPERATOR.planByOperator)).toBeNull();
  });

  it("is shown read-only, as the operator's, in multi-site mode", async () => {
    answering({ ...ADMIN, features: 'essentiel', plan_by_operator: true });
    renderApp({ '/administration/features': <AdminSettingsScreen /> }, { permissions: { super: 1 } });
    const plan = await screen.findByRole('textbox', { name: 'Formule' });
    expect(plan).toHaveValue('Essentiel');
    expect(plan).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: 'Formule' })).toBeNull();
    expect(screen.getByText('Votre formule est gérée par votre prestataire.')).toBeInTheDocument();
  });
});
