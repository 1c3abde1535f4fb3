import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminConfig, DashboardUser, GlobalConfig, Lang, Permission } from '@campsite/shared';
import { LANGS, config, users } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { keyOf } from '../lib/query';

export interface Session {
  user: DashboardUser;
  plan: AdminConfig['features'];
  langs: Lang[];
  defaultLang: Lang;
  /** the establishment's time zone, in which epoch times are read and shown */
  timeZone: string;
  global: GlobalConfig;
  has(flag: Permission): boolean;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the signed-in shell');
  return s;
}

/** The session as 000 §4 says: undefined while loading, then null (login) or a user. */
export function useSessionQuery() {
  return useQuery({
    queryKey: keyOf(users.session),
    queryFn: () => api(users.session, {}),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Loads what the shell needs (plan, languages, default language) before anything is shown: all of it is
 * in the general configuration, which every staff member reads (the administrator settings are super's).
 */
export function useShellData(enabled: boolean) {
  const global = useQuery({ queryKey: keyOf(config.globalList), queryFn: () => api(config.globalList), enabled, staleTime: 60_000 });
  const admin = global.data ? { features: global.data.features } : undefined;
  return { global: global.data, admin, error: global.error };
}

export function SessionProvider({ user, global, admin, children }: { user: DashboardUser; global: GlobalConfig; admin: Pick<AdminConfig, 'features'>; children: ReactNode }) {
  const client = useQueryClient();
  const logout = useCallback(async () => {
    try {
      await api(users.logout, {});
    } finally {
      client.setQueryData(keyOf(users.session), false);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== users.session.path });
    }
  }, [client]);
  const value = useMemo<Session>(
    () => ({
      user,
      plan: admin.features,
      langs: LANGS.filter((l) => global.langs[l]),
      defaultLang: global['lang-default'],
      timeZone: global['time-zone'],
      global,
      has: (flag) => user.permissions[flag] === 1,
      logout,
    }),
    [user, admin.features, global, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
