import type { Icon as IconDoc } from '@campsite/shared/contract/icons';
import { useGet } from '../lib/fetch-cache';
import { calls } from '../lib/calls';
import { fileUrl } from '../lib/files';
import { useApp } from '../app/context';

/**
 * An icon of the library, outline style. When staff made a variant in the current theme it is shown as
 * drawn; otherwise the blank (preview) variant is used as a mask filled with the text colour, so that it
 * takes the theme's colour, or the readable colour on a coloured tile.
 */
export function Icon({ id, className = 'icon' }: { id: string | null | undefined; className?: string }) {
  const { theme } = useApp();
  const { data: icons } = useGet(calls.icons);
  const icon = id ? icons?.find((i) => i._id === id) : undefined;
  const drawn = icon && theme ? variant(icon, theme._id) : null;
  if (drawn) return <img className={className} src={fileUrl(drawn, 192)} alt="" aria-hidden="true" />;
  const blank = icon ? (variant(icon, 'blank') ?? icon.prev) : null;
  if (!blank) return <span className={`${className} icon-empty`} aria-hidden="true" />;
  const url = `url("${fileUrl(blank, 192)}")`;
  return <span className={`${className} icon-mask`} style={{ maskImage: url, WebkitMaskImage: url }} aria-hidden="true" />;
}

function variant(icon: IconDoc, theme: string): string | null {
  return icon.lineal.find((v) => v.theme === theme)?.icon ?? null;
}
