import { useEffect, useLayoutEffect, useRef } from 'react';
import { useT } from '../lib/context';
import { Link } from '../components/Link';
import type { Route } from '../lib/paths';
import { useMenuEntries, type MenuItem } from './menu';

export const HomeGlyph = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
  </svg>
);

const LINES = 2;
const SMALLEST_PX = 9;

/**
 * A label fits its slot on at most two lines of whole words: else its text gets smaller, step by step,
 * and only a word too long even then may break. Never cut: the guest reads every word.
 */
export function fitLabel(el: HTMLElement) {
  el.style.fontSize = '';
  el.classList.remove('is-squeezed');
  let size = parseFloat(getComputedStyle(el).fontSize);
  const overflows = () => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > parseFloat(getComputedStyle(el).lineHeight) * LINES + 1;
  while (overflows() && size > SMALLEST_PX) {
    size -= 0.5;
    el.style.fontSize = `${size}px`;
  }
  if (overflows()) el.classList.add('is-squeezed');
}

/** The bottom menu: the home, then the entries staff configured, in their order. */
export function BottomMenu({ route }: { route: Route }) {
  const { w } = useT();
  const entries = useMenuEntries(route);
  const items: MenuItem[] = [{ key: 'home', href: '/', label: w('home'), icon: <HomeGlyph />, active: route.screen === 'home' }, ...entries];
  const nav = useRef<HTMLElement>(null);
  const fitted = useRef('');
  const labels = items.map((i) => `${i.label}${i.active ? '*' : ''}`).join('|');
  const fit = () => nav.current?.querySelectorAll<HTMLElement>('.bottombar-label').forEach(fitLabel);
  // fitted before the paint, when the labels change (language, active entry); checked after every commit
  // rather than on a change of dependencies, which React 19 can leave out (see App)
  useLayoutEffect(() => {
    if (fitted.current === labels) return;
    fitted.current = labels;
    fit();
  });
  // and when the phone turns
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return (
    <nav className="bottombar" aria-label={w('menu')} ref={nav}>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <Link href={item.href} className="bottombar-item" aria-current={item.active ? 'page' : undefined}>
              {item.icon}
              <span className="bottombar-label">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
