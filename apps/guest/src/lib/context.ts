import { createContext, useContext } from 'react';
import type { Lang } from '@campsite/shared/i18n/languages';
import type { TranslationEntry } from '@campsite/shared/domain/translations';
import type { PublicConfig } from '@campsite/shared/contract/config';
import type { Theme } from '@campsite/shared/contract/themes';
import { word, type Word } from './dict';
import { textIn } from './lang';
import type { Route } from './paths';
import { pathOf } from './paths';

export interface AppState {
  lang: Lang;
  config: PublicConfig;
  theme: Theme | null;
  logoUrl: string | null;
  online: boolean;
  path: string;
  /** `state`: kept with the history entry (a sentence to show there, read from history.state) */
  navigate: (to: string, opts?: { replace?: boolean; state?: Record<string, unknown> }) => void;
  setLang: (lang: Lang) => void;
}

export const AppContext = createContext<AppState | null>(null);

export function useApp(): AppState {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp outside the app');
  return app;
}

/** The helpers every screen needs: its words, translated content, and addresses in the guest's language. */
export function useT() {
  const app = useApp();
  return {
    ...app,
    w: (key: Word) => word(app.lang, key),
    tr: (translations: readonly TranslationEntry[] | null | undefined, field: string) =>
      textIn(translations, field, app.lang, app.config.lang_default),
    to: (route: Route) => pathOf(app.lang, route),
    tz: app.config.time_zone,
  };
}
