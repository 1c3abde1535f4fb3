import { useT } from './context';
import type { Route } from '../lib/paths';
import type { MenuItem } from './BottomMenu';

export const CalendarGlyph = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <rect x="3.5" y="5" width="17" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);

/** The configured entries of the bottom menu. */
export function useMenuEntries(route: Route): MenuItem[] {
  const { w, to } = useT();
  return [{ key: 'activities', href: to({ screen: 'agenda' }), label: w('activities'), icon: <CalendarGlyph />, active: route.screen === 'agenda' || route.screen === 'activity' }];
}
