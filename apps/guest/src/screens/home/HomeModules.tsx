import { DefaultHome } from '../Home';

/** The home modules staff arranged, in their order. */
export function HomeModules() {
  return <DefaultHome />;
}
