import type { PublicConfig } from '@campsite/shared/contract/config';
import type { Theme } from '@campsite/shared/contract/themes';
import type { LogoDoc } from '@campsite/shared/contract/logo';
import { calls } from '../lib/calls';
import { useGet } from '../lib/fetch-cache';

interface Boot {
  config: PublicConfig;
  theme: Theme | false;
  logo: LogoDoc;
}
const BOOT_KEY = 'boot';

function saved(): Partial<Boot> {
  try {
    return JSON.parse(localStorage.getItem(BOOT_KEY) ?? '{}') as Partial<Boot>;
  } catch {
    return {};
  }
}
const first = saved();

/**
 * The establishment's settings, colours and logo. The last ones seen are kept on the device, so that
 * the next launch paints at once in the right colours and language, then refreshes from the network.
 */
export function useBoot() {
  const config = useGet(calls.publicConfig);
  const theme = useGet(calls.theme);
  const logo = useGet(calls.logo);
  const boot = {
    config: config.data ?? first.config,
    theme: theme.data ?? first.theme,
    logo: logo.data ?? first.logo,
  };
  if (config.data && theme.data !== undefined && logo.data) {
    const next = JSON.stringify({ config: config.data, theme: theme.data, logo: logo.data });
    try {
      if (localStorage.getItem(BOOT_KEY) !== next) localStorage.setItem(BOOT_KEY, next);
    } catch {
      // no storage: the next launch waits for the network
    }
  }
  return { ...boot, error: config.error && !boot.config ? config.error : undefined, retry: config.retry };
}
