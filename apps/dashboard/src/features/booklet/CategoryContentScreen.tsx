import { useParams } from 'react-router';
import { Alert } from '@mantine/core';
import { navCrumbs } from '../../shell/nav';
import { ScreenLoader } from '../../components/ListStates';
import { BOOKLET } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { errorSentence } from '../../lib/errors';
import { useCategories, useGroups, useListOfCategory, usePageOfCategory } from './api/booklet-queries';
import { ListEditor } from './ListEditor';
import { PageEditor } from './PageEditor';
import { nameIn } from './texts';

/** A category opens its page editor (type page) or its list screen (type list), 001 §2. */
export default function CategoryContentScreen() {
  const { groupId = '', categoryId = '' } = useParams();
  const { defaultLang } = useSession();
  const group = useGroups().data?.find((g) => g._id === groupId);
  const cats = useCategories(groupId);
  const category = cats.data?.find((c) => c._id === categoryId);
  const crumbs = [
    ...navCrumbs('/rubriques'),
    { label: nameIn(group?.translations, defaultLang) || '…', to: `/rubriques/${groupId}` },
    { label: nameIn(category?.translations, defaultLang) || '…' },
  ];
  if (cats.error) return <Alert color="red" role="alert">{errorSentence(BOOKLET.fetchCategories, cats.error)}</Alert>;
  if (!category) return <ScreenLoader />;
  return category.type === 'page' ? <CategoryPage categoryId={categoryId} crumbs={crumbs} /> : <CategoryList categoryId={categoryId} groupId={groupId} crumbs={crumbs} />;
}

type Crumbs = { label: string; to?: string }[];

function CategoryPage({ categoryId, crumbs }: { categoryId: string; crumbs: Crumbs }) {
  const page = usePageOfCategory(categoryId);
  if (page.error) return <Alert color="red" role="alert">{errorSentence(BOOKLET.fetchPage, page.error)}</Alert>;
  if (page.data === false) return <Alert color="red" role="alert">{errorSentence(BOOKLET.fetchPage, null)}</Alert>;
  return page.data ? <PageEditor page={page.data} crumbs={crumbs} /> : <ScreenLoader />;
}

function CategoryList({ categoryId, groupId, crumbs }: { categoryId: string; groupId: string; crumbs: Crumbs }) {
  const list = useListOfCategory(categoryId);
  if (list.error || list.data === false) return <Alert color="red" role="alert">{errorSentence(BOOKLET.fetchList, list.error)}</Alert>;
  return list.data ? <ListEditor list={list.data} groupId={groupId} crumbs={crumbs} /> : <ScreenLoader />;
}
