import { useT } from '../lib/context';
import { Img } from '../components/Img';
import { useVisit } from '../lib/visits';
import { HomeModules } from './home/HomeModules';
import { PushInvite } from '../components/PushInvite';

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
      {/* after the first screen has settled: never a question on first paint */}
      <PushInvite place="home" delayMs={4000} />
    </>
  );
}
