import { NATIVE_LANGUAGE_NAMES, isLang } from '@campsite/shared/i18n/languages';
import { useT } from '../lib/context';
import { Link } from '../components/Link';

export function Header({ home, account = false }: { home: boolean; account?: boolean }) {
  const { config, logoUrl, lang, setLang, navigate, w, to } = useT();
  const back = () => {
    // back within the app when the guest came from one of its screens, else up to the home
    if ((history.state?.depth ?? 0) > 0) history.back();
    else navigate('/', { replace: true });
  };
  return (
    <header className="topbar">
      {!home && (
        <button type="button" className="topbar-back" onClick={back} aria-label={w('back')}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <Link href="/" className="topbar-brand">
        {logoUrl && <img src={logoUrl} alt="" className="topbar-logo" width="36" height="36" />}
        <span className="topbar-name">{config.establishment}</span>
      </Link>
      {config.webapp_connexion && (
        <Link href={to({ screen: 'account' })} className="topbar-account" aria-label={w('account')} aria-current={account ? 'page' : undefined}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <circle cx="12" cy="8.5" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M4.5 20c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </Link>
      )}
      {config.langs.length > 1 && (
        // the native list, for every phone's own picker and screen readers, drawn as a compact code
        <div className="topbar-lang">
          <svg className="topbar-lang-glyph" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          <span aria-hidden="true">{lang.toUpperCase()}</span>
          <label htmlFor="lang" className="sr-only">
            {w('language')}
          </label>
          <select id="lang" value={lang} onChange={(e) => isLang(e.target.value) && setLang(e.target.value)}>
            {config.langs.map((l) => (
              <option key={l} value={l} lang={l}>
                {NATIVE_LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
      )}
    </header>
  );
}
