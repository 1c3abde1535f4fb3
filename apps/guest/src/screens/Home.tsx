import { useT } from '../app/context';
import { Img } from '../components/Img';
import { calls } from '../lib/calls';
import { useGet } from '../lib/fetch-cache';
import { useVisit } from '../lib/visits';
import { ActivitiesBlock } from './home/ActivitiesBlock';
import { HomeModules } from './home/HomeModules';
import { RubricGrid } from './home/Tiles';

export function Home() {
  const { config, tr } = useT();
  useVisit('home');
  const welcome = tr(config.welcome, 'welcome');
  return (
    <>
      <section className={`hero${config.background ? ' has-image' : ''}`}>
        {config.background && <Img id={config.background} className="hero-img" eager />}
        <div className="hero-text">
          <h1 className="hero-title">{config.establishment}</h1>
          {welcome && <p className="hero-welcome">{welcome}</p>}
        </div>
      </section>
      <HomeModules />
    </>
  );
}

/** Without modules configured, the home still leads somewhere: every rubric, then the activities. */
export function DefaultHome() {
  const { data: groups } = useGet(calls.groups);
  return (
    <>
      <RubricGrid groups={groups ?? []} />
      <ActivitiesBlock />
    </>
  );
}

