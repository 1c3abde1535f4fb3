import type { ReactNode } from 'react';
import { useT } from '../lib/context';
import type { Route } from '../lib/paths';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../lib/fetch-cache';
import { MaskIcon } from '../components/Icon';
import { findGroup, rubricRoute } from '../lib/booklet';
import { sw } from '../screens/services/words';
import { cw } from '../lib/chat-words';

/** An entry of the bottom menu (declared here, beside what builds it, so that the menu imports the entries one way). */
export interface MenuItem {
  key: string;
  href: string;
  label: string;
  icon: ReactNode;
  active: boolean;
}

/** The entries staff configured (activities, or a rubric), with their icon in the theme's colour. */
export function useMenuEntries(route: Route): MenuItem[] {
  const { tr, to, lang, config, w } = useT();
  const menu = useGet(guestCalls.menu.get);
  const groups = useGet(guestCalls.groups.list);
  const items: MenuItem[] = [];
  for (const entry of menu.data?.values ?? []) {
    const label = tr(entry.translations, 'title') || entry.title;
    const icon = <MaskIcon file={entry.image} />;
    if (entry.type === 'animation') {
      items.push({ key: `m${entry.nb}`, href: to({ screen: 'agenda' }), label, icon, active: route.screen === 'agenda' || route.screen === 'activity' });
      continue;
    }
    const group = groups.data?.find((g) => g._id === entry.rubric);
    if (!group) continue;
    const here = (route.screen === 'rubric' || route.screen === 'category') && findGroup(groups.data, route.group)?._id === group._id;
    items.push({ key: `m${entry.nb}`, href: to(rubricRoute(group, lang, config.lang_default)), label, icon, active: here });
  }
  // the bookable services (premium: the list is empty otherwise) are one tap away when the menu has room
  const services = useGet(guestCalls.guestServices.list);
  if (services.data?.length && items.length < 5) {
    items.push({ key: 'services', href: to({ screen: 'services' }), label: sw(lang, 'services'), icon: <ServicesGlyph />, active: route.screen === 'services' || route.screen === 'service' });
  }
  // a signed-in guest's messages to the campsite (issue 25), when the menu has room
  const me = useGet(guestCalls.account.me);
  if (me.data && items.length < 5) {
    items.push({ key: 'messages', href: to({ screen: 'messages' }), label: cw(lang, 'title'), icon: <MessagesGlyph />, active: route.screen === 'messages' });
  }
  // with no menu configured, the agenda stays one tap away
  if (menu.data && !menu.data.values.length) {
    items.push({ key: 'activities', href: to({ screen: 'agenda' }), label: w('activities'), icon: <CalendarGlyph />, active: route.screen === 'agenda' || route.screen === 'activity' });
  }
  return items;
}

const CalendarGlyph = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <rect x="3.5" y="5" width="17" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);

const ServicesGlyph = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 8h16v11a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V8zM8 8V6a4 4 0 0 1 8 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
  </svg>
);

const MessagesGlyph = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 5h16v11H9l-4 3.5V16H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
  </svg>
);
