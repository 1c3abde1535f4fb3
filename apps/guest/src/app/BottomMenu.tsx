import type { ReactNode } from 'react';
import { useT } from './context';
import { Link } from '../components/Link';
import type { Route } from '../lib/paths';
import { useMenuEntries } from './menu';

export interface MenuItem {
  key: string;
  href: string;
  label: string;
  icon: ReactNode;
  active: boolean;
}

export const HomeGlyph = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
  </svg>
);

/** The bottom menu: the home, then the entries staff configured, in their order. */
export function BottomMenu({ route }: { route: Route }) {
  const { w } = useT();
  const entries = useMenuEntries(route);
  const items: MenuItem[] = [{ key: 'home', href: '/', label: w('home'), icon: <HomeGlyph />, active: route.screen === 'home' }, ...entries];
  return (
    <nav className="bottombar" aria-label={w('menu')}>
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
