import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { clearCache } from '../../lib/fetch-cache';
import { renderIn } from '../../testing/context';
import ServiceScreen from './ServiceScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const detail = {
  service: { _id: 's1', name: 'Spa', cover: null, type: 'prestation', payment_link: null, translations: [{ lang: 'fr', title: 'Spa', location: '' }], comment: null },
  benefits: [
    {
      _id: 'b1', service: 's1', icon: 'i', show_price: true, price: 0, duration_hour: 1, duration_minute: 0, simultaneous: 2, client_number: false, identity: true, age: false, phone: false, questions: [],
      translations: [{ lang: 'fr', subtitle: 'Massage', description: '', comment: '', location: 'Cabine 2' }, { lang: 'de', subtitle: 'Massage', description: '', comment: '', location: 'Kabine 2' }],
    },
  ],
  products: [],
};

afterEach(() => {
  cleanup();
  clearCache();
  vi.unstubAllGlobals();
});

describe('a service in the guest app', () => {
  it('writes a colon as each language does: no space before it but in French (issue 32)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => json(url.includes('services/find') ? detail : url.includes('services/slots') ? [] : false)));
    renderIn('de', <ServiceScreen id="s1" />);
    expect(await screen.findByText('Dauer: 1 h')).toBeTruthy();
    expect(screen.getByText('Treffpunkt: Kabine 2')).toBeTruthy();
    cleanup();
    clearCache();
    renderIn('fr', <ServiceScreen id="s1" />);
    // a no-break space, so that the colon never starts a line
    const exact = { normalizer: (s: string) => s };
    expect(await screen.findByText('Durée\u00a0: 1 h', exact)).toBeTruthy();
    expect(screen.getByText('Lieu de rendez-vous\u00a0: Cabine 2', exact)).toBeTruthy();
  });
});
