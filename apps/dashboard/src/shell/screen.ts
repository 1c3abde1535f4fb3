import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminConfig, Permission } from '@campsite/shared';

/** What a screen shows instead of itself without its plan: its header and the upsell's sentence (000 §2.9). */
export interface Upsell {
  title: string;
  crumbs: { label: string; to?: string }[];
  message: string;
}

interface Route {
  path: string;
  /** the flag the screen needs; without it the user is sent to / (000 §6) */
  flag?: Permission;
  screen: LazyExoticComponent<ComponentType>;
}

/**
 * A screen of the dashboard. `plan`: the plan it needs (as its calls declare in the contract); without
 * it the route shows `upsell` (app/App.tsx) and the screen is never loaded, so that no screen checks
 * the plan itself.
 */
export type AppRoute = Route & ({ plan?: undefined } | { plan: AdminConfig['features']; upsell: Upsell });

/** A screen loaded as its own chunk. */
export const screen = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/** A route for the premium plan: spread in the route (`{ path, flag, ...premium(upsell), screen }`). */
export const premium = (upsell: Upsell) => ({ plan: 'premium' as const, upsell });
