import type { ReactNode } from 'react';
import { NavLink as RouterLink, useLocation, useNavigate } from 'react-router';
import { AppShell, Avatar, Burger, Group, Menu, NavLink, ScrollArea, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { fileUrl } from '@campsite/shared';
import { GlobalSearch } from '../features/search/GlobalSearch';
import { ChatBadge, useUnreadConversations } from '../shell/ChatBadge';
import { NAV } from '../shell/nav';
import { TodayBadge } from '../shell/TodayBadge';
import { useSession } from '../shell/session';
import { useTabTitle } from '../shell/titles';
import classes from './Shell.module.css';

/** The guest messages' entry carries their unread count (issue 25). */
const CHAT_PATH = '/messages/chat';
const NAV_PATHS = NAV.flatMap((e) => (e.children ? e.children.map((c) => c.path) : [e.path!]));
/** Screens under a sidebar entry without a path of their own below it. */
const PARENT: Record<string, string> = { '/administration/features': '/administration/parametres', '/menu': '/modules', '/themes': '/modules', '/icons': '/modules' };
/** The sidebar entry of a path: its own, or the longest one it lies under (a rubric's categories under /rubriques). */
function navPathOf(pathname: string): string | undefined {
  const path = (PARENT[pathname] ?? pathname).toLowerCase();
  return NAV_PATHS.filter((p) => p === path || (p !== '/' && path.startsWith(`${p}/`))).sort((a, b) => b.length - a.length)[0];
}

/**
 * 000 §2.4: fixed sidebar on large screens (it can be folded away to give a form the whole width,
 * remembered), slide-in on small ones, top bar with the global search and the avatar menu; a skip link to the
 * content first.
 */
export function Shell({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [folded, setFolded] = useLocalStorage({ key: 'sidebar-folded', defaultValue: false });
  const { user, has, global, logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const current = navPathOf(location.pathname);
  useTabTitle(global.establishment, useUnreadConversations());
  const initials = `${user.firstname[0] ?? ''}${user.lastname[0] ?? ''}`.toUpperCase();
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: { base: 240, lg: 260 }, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: folded } }} padding={{ base: 'sm', sm: 'lg' }}>
      {/* focused by hand: a hash change would count as a navigation for the router */}
      <a
        href="#contenu"
        className={classes.skip}
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('contenu')?.focus();
        }}
      >
        Aller au contenu
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* the name gives way (cut with '…') to the search and the account menu on a narrow screen */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Fermer le menu' : 'Ouvrir le menu'} />
            <Tooltip label={folded ? 'Afficher le menu' : 'Masquer le menu'}>
              <Burger opened={!folded} onClick={() => setFolded((f) => !f)} visibleFrom="sm" size="sm" aria-label={folded ? 'Afficher le menu' : 'Masquer le menu'} aria-expanded={!folded} />
            </Tooltip>
            <Text fw={700} size="lg" truncate miw={0}>
              {global.establishment}
            </Text>
          </Group>
          {/* the global search (issue 33) reads people: with their flag only */}
          {has('users') && (
            <div className={classes.search}>
              <GlobalSearch />
            </div>
          )}
          <Menu position="bottom-end" shadow="md" width={200}>
            <Menu.Target>
              <UnstyledButton style={{ flexShrink: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={user.avatar ? fileUrl(user.avatar, 192) : null} radius="xl" color="blue" alt="" aria-hidden>
                    {initials}
                  </Avatar>
                  {/* the visible name is part of the button's name (WCAG 2.5.3) */}
                  <Text size="sm" visibleFrom="sm">
                    {user.firstname} {user.lastname}
                  </Text>
                  <VisuallyHidden>Menu du compte</VisuallyHidden>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {/* a real link: a middle-click opens the account in a new tab */}
              <Menu.Item component={RouterLink} to="/parametres">
                Mon compte
              </Menu.Item>
              <Menu.Item color="red" onClick={() => void logout().then(() => navigate('/'))}>
                Se déconnecter
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menu principal">
        <ScrollArea>
          {NAV.filter((entry) => has(entry.flag)).map((entry) =>
            entry.children ? (
              // a group is a button (reachable by Tab, opened by Entrée or Espace), its entries links
              <NavLink
                key={entry.label}
                component="button"
                label={entry.children.some((c) => c.path === CHAT_PATH) ? <Group component="span" gap={6} wrap="nowrap"><span>{entry.label}</span><ChatBadge /></Group> : entry.label}
                defaultOpened={entry.children.some((c) => c.path === current)}
                childrenOffset="md"
              >
                {entry.children.map((c) => (
                  <NavLink key={c.path} component={RouterLink} to={c.path} end active={c.path === current} label={c.label} onClick={close} rightSection={c.path === CHAT_PATH ? <ChatBadge /> : undefined} />
                ))}
              </NavLink>
            ) : (
              <NavLink key={entry.label} component={RouterLink} to={entry.path!} end active={entry.path === current} label={entry.label} onClick={close} rightSection={entry.badge === 'today' ? <TodayBadge /> : undefined} />
            ),
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" id="contenu" tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
