import { NATIVE_LANGUAGE_NAMES, isLang } from '@campsite/shared/i18n/languages';
import { useT } from './context';
import { Link } from '../components/Link';

export function Header({ home }: { home: boolean }) {
  const { config, logoUrl, lang, setLang, navigate, w } = useT();
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
      {config.langs.length > 1 && (
        <>
          <label htmlFor="lang" className="sr-only">
            {w('language')}
          </label>
          <select id="lang" className="topbar-lang" value={lang} onChange={(e) => isLang(e.target.value) && setLang(e.target.value)}>
            {config.langs.map((l) => (
              <option key={l} value={l} lang={l}>
                {NATIVE_LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </>
      )}
    </header>
  );
}
