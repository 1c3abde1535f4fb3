import { fileUrl } from '@campsite/shared/contract/file-urls';

/** A stored image at phone width (720), lazy below the fold. */
export function Img({ id, alt = '', className, eager, width = 720 }: { id: string; alt?: string; className?: string; eager?: boolean; width?: number }) {
  return (
    <img
      src={fileUrl(id, width)}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchpriority: 'high' } : {})}
    />
  );
}
