import { Pending } from '../components/Screen';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../lib/fetch-cache';
import { useVisit } from '../lib/visits';
import { PageView } from './booklet/PageView';

/** A page by id: a sub-category's page, or a page a home module points to. */
export default function PageScreen({ id }: { id: string }) {
  const page = useGet(guestCalls.pages.find, { id });
  useVisit('page', id);
  return (
    <Pending loading={page.loading} error={page.error} retry={page.retry} missing={!page.data}>
      {page.data && <PageView page={page.data} />}
    </Pending>
  );
}
