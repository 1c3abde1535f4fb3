import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '@campsite/shared';

export interface AppRoute {
  path: string;
  /** the flag the screen needs; without it the user is sent to / (000 §6) */
  flag?: Permission;
  screen: LazyExoticComponent<ComponentType>;
}

/** A screen loaded as its own chunk. */
export const screen = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
