import type { HomeModule } from '@campsite/shared/contract/home-modules';
import type { Group } from '@campsite/shared/contract/groups';
import { useT } from '../../lib/context';
import { categoryRoute } from '../../lib/booklet';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../../lib/fetch-cache';
import { Loader } from '../../components/States';
import { ActivitiesBlock, useAgendaData } from './ActivitiesBlock';
import { ContentCard, RubricGrid } from './Tiles';

type Run = { kind: 'groups'; items: { group: Group; title: string }[]; key: string } | { kind: 'one'; module: HomeModule; key: string };

/** The home modules staff arranged, in their order; rubrics next to each other share a grid of tiles. */
export function HomeModules() {
  const { w, tr } = useT();
  const modules = useGet(guestCalls.modules.list);
  const groups = useGet(guestCalls.groups.list);
  const list = [...(modules.data ?? [])].sort((a, b) => a.order - b.order);
  const agenda = useAgendaData();
  const categories = useGet(guestCalls.categories.list);
  // all at once rather than block by block, so that nothing jumps under the guest's thumb
  const withAgenda = !list.length || list.some((m) => m.type === 'animation');
  if (modules.loading || groups.loading || categories.loading || (withAgenda && (agenda.dates.loading || agenda.animations.loading))) {
    return <div className="home-wait"><Loader label={w('loading')} /></div>;
  }
  if (!list.length) return <DefaultHome groups={groups.data ?? []} />;

  const runs: Run[] = [];
  for (const m of list) {
    const group = m.type === 'group' ? groups.data?.find((g) => g._id === m.values.group) : undefined;
    if (m.type === 'group') {
      if (!group) continue;
      const last = runs[runs.length - 1];
      const item = { group, title: tr(m.translations, 'title') };
      if (last?.kind === 'groups') last.items.push(item);
      else runs.push({ kind: 'groups', items: [item], key: m._id });
    } else runs.push({ kind: 'one', module: m, key: m._id });
  }
  return (
    <>
      {runs.map((run) =>
        run.kind === 'groups' ? (
          <RubricGrid key={run.key} groups={run.items.map((i) => i.group)} titles={run.items.map((i) => i.title)} />
        ) : (
          <ModuleBlock key={run.key} module={run.module} />
        ),
      )}
    </>
  );
}

function ModuleBlock({ module: m }: { module: HomeModule }) {
  const { tr, to, lang, config } = useT();
  const categories = useGet(m.type === 'page' || m.type === 'list' ? guestCalls.categories.list : null);
  const groups = useGet(guestCalls.groups.list);
  // a list module may name only its list: its category (for the address) is then read from the lists
  const lists = useGet(m.type === 'list' && !m.values.category ? guestCalls.lists.list : null, { nocover: true });
  const title = tr(m.translations, 'title');
  if (m.type === 'animation') return <ActivitiesBlock title={title} />;
  const categoryId = m.values.category ?? (m.type === 'list' ? lists.data?.find((l) => l._id === m.values.list)?.category : undefined);
  const category = categoryId ? categories.data?.find((c) => c._id === categoryId) : undefined;
  const route = category ? categoryRoute(category, groups.data, lang, config.lang_default) : m.type === 'page' && m.values.page ? ({ screen: 'page', id: m.values.page } as const) : null;
  if (!route) return null;
  return (
    <div className="cards">
      <ContentCard href={to(route)} title={title || (category ? tr(category.translations, 'name') : '')} subtitle={tr(m.translations, 'subtitle')} />
    </div>
  );
}

/** Without modules configured, the home still leads somewhere: every rubric, then the activities. */
function DefaultHome({ groups }: { groups: Group[] }) {
  return (
    <>
      <RubricGrid groups={groups} />
      <ActivitiesBlock />
    </>
  );
}
