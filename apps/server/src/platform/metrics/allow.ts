import { BlockList, isIP } from 'node:net';

/** Who may read /metrics when METRICS_ALLOW is not set: this machine only. */
export const LOOPBACK = '127.0.0.0/8,::1';

export interface AllowList {
  /** the entries as written, for the README and error lines */
  readonly text: string;
  allows(address: string | undefined): boolean;
}

/**
 * Parses METRICS_ALLOW once, at start: comma-separated addresses or CIDR ranges, IPv4 or IPv6. A wrong entry
 * throws one French sentence naming it, so that a typo never opens the metrics to everyone nor closes them
 * silently. Node's BlockList does the matching (IPv4-mapped IPv6 addresses compared as IPv4).
 */
export function parseAllowList(text: string): AllowList {
  const list = new BlockList();
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) throw new Error('METRICS_ALLOW est vide : indiquez des adresses IP ou des plages (10.0.0.0/8), séparées par des virgules.');
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    const max = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(bits >= 0 && bits <= max))) {
      throw new Error(`METRICS_ALLOW : « ${entry} » n'est ni une adresse IP ni une plage (10.0.0.0/8, fd00::/8) ; séparez les entrées par des virgules.`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    text: entries.join(','),
    allows(address) {
      if (!address) return false;
      const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
      if (v4) return list.check(v4, 'ipv4') || list.check(address, 'ipv6');
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
