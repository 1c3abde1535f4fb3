import { fileUrl } from '@campsite/shared/contract/file-urls';

/**
 * An outline icon, painted in the text colour: its image (the blank preview the booklet documents carry
 * as `prev`, or the menu entry's `image`) is used as a mask, so the icon takes the theme's colour on
 * white and the readable colour on a coloured block, whatever colours staff chose.
 */
export function MaskIcon({ file, className = 'icon' }: { file: string | null | undefined; className?: string }) {
  if (!file) return <span className={`${className} icon-empty`} aria-hidden="true" />;
  const url = `url("${fileUrl(file, 192)}")`;
  return <span className={`${className} icon-mask`} style={{ maskImage: url, WebkitMaskImage: url }} aria-hidden="true" />;
}
