import type { Category as CategoryDoc } from '@campsite/shared/contract/categories';
import { useT } from '../lib/context';
import { Pending, useCanonical } from '../components/Screen';
import { categoryRoute, findCategory, findGroup } from '../lib/booklet';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../lib/fetch-cache';
import { useVisit } from '../lib/visits';
import { ListView } from './booklet/ListView';
import { PageView } from './booklet/PageView';

/** A category of a rubric: its page, or its list of sub-categories. */
export default function Category({ group: groupSlug, slug }: { group: string; slug: string }) {
  const { to, lang, config } = useT();
  const groups = useGet(guestCalls.groups.list);
  const categories = useGet(guestCalls.categories.list);
  const group = findGroup(groups.data, groupSlug);
  const category = group ? findCategory(categories.data, group, slug) : undefined;
  const route = category ? categoryRoute(category, groups.data, lang, config.lang_default) : null;
  useCanonical(route ? to(route) : null);
  return (
    <Pending
      loading={groups.loading || categories.loading}
      error={groups.error ?? categories.error}
      retry={categories.retry}
      missing={!category}
    >
      {category && (category.type === 'list' ? <CategoryList category={category} /> : <CategoryPage category={category} />)}
    </Pending>
  );
}

function CategoryPage({ category }: { category: CategoryDoc }) {
  const { tr } = useT();
  const page = useGet(guestCalls.pages.findByCategory, { category: category._id });
  useVisit('page', category._id);
  return (
    <Pending loading={page.loading} error={page.error} retry={page.retry} missing={!page.data}>
      {page.data && <PageView page={page.data} fallbackTitle={tr(category.translations, 'name')} />}
    </Pending>
  );
}

function CategoryList({ category }: { category: CategoryDoc }) {
  const { tr } = useT();
  const list = useGet(guestCalls.lists.findByCategory, { category: category._id });
  useVisit('list', category._id);
  return (
    <Pending loading={list.loading} error={list.error} retry={list.retry} missing={!list.data}>
      {list.data && <ListView list={list.data} fallbackTitle={tr(category.translations, 'name')} />}
    </Pending>
  );
}
