import type { Icon as IconDoc } from '@campsite/shared/contract/icons';
import { useGet } from '../lib/fetch-cache';
import { calls } from '../lib/calls';
import { fileUrl } from '../lib/files';
import { useApp } from '../app/context';

/**
 * An outline icon, painted in the text colour: the image (the theme's variant, else the blank one) is
 * used as a mask, so the icon takes the theme's colour on white and the readable colour on a coloured
 * block, whatever colours staff chose.
 */
export function MaskIcon({ file, className = 'icon' }: { file: string | null | undefined; className?: string }) {
  if (!file) return <span className={`${className} icon-empty`} aria-hidden="true" />;
  const url = `url("${fileUrl(file, 192)}")`;
  return <span className={`${className} icon-mask`} style={{ maskImage: url, WebkitMaskImage: url }} aria-hidden="true" />;
}

/** An icon of the library by id. */
export function Icon({ id, className }: { id: string | null | undefined; className?: string }) {
  const { theme } = useApp();
  const { data: icons } = useGet(calls.icons);
  const icon = id ? icons?.find((i) => i._id === id) : undefined;
  return <MaskIcon file={icon ? iconFile(icon, theme?._id) : null} className={className} />;
}

export function iconFile(icon: IconDoc, themeId: string | undefined): string | null {
  return (
    (themeId ? icon.lineal.find((v) => v.theme === themeId)?.icon : undefined) ??
    icon.lineal.find((v) => v.theme === 'blank')?.icon ??
    icon.prev
  );
}
