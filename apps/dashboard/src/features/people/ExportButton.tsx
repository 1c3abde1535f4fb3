import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { CallDef } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';

/**
 * 'Exporter en CSV' (issue 20): the list's current filters as the export call's query; the browser
 * downloads the file the server streams (UTF-8 with BOM, ';', French dates), the session's cookie goes
 * with it as with any call.
 */
export function ExportButton({ def, filters, label }: { def: CallDef; filters: Record<string, unknown>; label: string }) {
  return (
    <Button component="a" href={callUrl(def, filters)} download variant="default" size="compact-sm" leftSection={<IconDownload size={14} />} aria-label={label}>
      Exporter en CSV
    </Button>
  );
}
