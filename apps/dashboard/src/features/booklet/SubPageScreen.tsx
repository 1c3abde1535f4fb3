import { useParams } from 'react-router';
import { Alert } from '@mantine/core';
import { navCrumbs } from '../../shell/nav';
import { ScreenLoader } from '../../components/ListStates';
import { BOOKLET } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { errorSentence } from '../../lib/errors';
import { useCategories, useGroups, useListOfCategory, usePage } from './api/booklet-queries';
import { PageEditor } from './PageEditor';
import { nameIn } from './texts';

/** The page of a sub-category, opened from its list (001 §2 'List screen'). */
export default function SubPageScreen() {
  const { groupId = '', categoryId = '', pageId = '' } = useParams();
  const { defaultLang } = useSession();
  const group = useGroups().data?.find((g) => g._id === groupId);
  const category = useCategories(groupId).data?.find((c) => c._id === categoryId);
  const element = useListOfCategory(categoryId).data || undefined;
  const sub = element?.elements.find((e) => e.page === pageId);
  const page = usePage(pageId);
  const crumbs = [
    ...navCrumbs('/rubriques'),
    { label: nameIn(group?.translations, defaultLang) || '…', to: `/rubriques/${groupId}` },
    { label: nameIn(category?.translations, defaultLang) || '…', to: `/rubriques/${groupId}/${categoryId}` },
    { label: nameIn(sub?.translations, defaultLang, 'text') || '…' },
  ];
  if (page.error || page.data === false) return <Alert color="red" role="alert">{errorSentence(BOOKLET.fetchPage, page.error)}</Alert>;
  return page.data ? <PageEditor page={page.data} crumbs={crumbs} /> : <ScreenLoader />;
}
