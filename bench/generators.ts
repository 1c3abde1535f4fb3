// Generated data for the benchmark targets of each area; an area adds its targets here.
import type { TestApp } from '../apps/server/src/testing/harness';

export interface GeneratedTarget {
  name: string;
  path: string;
  prepare?: (t: TestApp) => Promise<void>;
  withSession?: boolean;
}

export const generators: GeneratedTarget[] = [];
