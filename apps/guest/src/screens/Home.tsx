import { useT } from '../lib/context';
import { Img } from '../components/Img';
import { useVisit } from '../lib/visits';
import { HomeModules } from './home/HomeModules';

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
