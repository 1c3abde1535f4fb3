import { clients, imports, stays } from '@campsite/shared';

/** The reads an import changes (every people list): fetched again when an import starts or ends. */
export const afterImport = [clients.list, clients.counts, clients.find, clients.roomlist, stays.list, stays.count, stays.find, imports.latest];
