import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { Lang } from '@campsite/shared/i18n/languages';
import type { PublicConfig } from '@campsite/shared/contract/config';
import { AppContext, type AppState } from '../lib/context';

export const CONFIG: PublicConfig = {
  establishment: 'Camping Les Pins',
  features: 'essentiel',
  lang_default: 'fr',
  langs: ['fr', 'en', 'de'],
  background: null,
  welcome: [{ lang: 'fr', welcome: 'Bienvenue !' }],
  application_ouverte: true,
  show_stay_dates: true,
  show_stay_location: true,
  webapp_connexion: true,
  time_zone: 'Europe/Paris',
};

/** Renders a piece of the app as a guest in `lang` sees it. */
export function renderIn(lang: Lang, ui: ReactNode, over: Partial<AppState> = {}) {
  const navigated: string[] = [];
  const state: AppState = {
    lang,
    config: CONFIG,
    theme: null,
    logoUrl: null,
    online: true,
    path: '/',
    navigate: (to) => navigated.push(to),
    setLang: () => {},
    ...over,
  };
  return { ...render(<AppContext.Provider value={state}>{ui}</AppContext.Provider>), navigated };
}
