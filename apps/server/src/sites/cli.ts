// `npm run site -- list | add <dashboard-host> <guest-host> [<database-url>] [--demo] [--plan premium] [--manager <email>] |
// plan <host> <plan> | suspend <host> | resume <host> | operator add <login>`: the sites of the control database (docs/multisite.md).
import { ConfigError, readEnv, type Env } from '../env';
import type { Plan } from '../http/deps';
import { addOperator } from './operator/accounts';
import { migrateControl, openControl, readSites, updateSite, type Control } from './control';
import { addSite, hostName, SiteError } from './sites';

const USAGE = `Usage : npm run site -- list
       npm run site -- add <hôte-tableau-de-bord> <hôte-application-client> [<adresse-de-la-base>] [--demo] [--plan premium] [--manager <e-mail>]
       npm run site -- plan <hôte> essentiel|premium
       npm run site -- suspend <hôte>
       npm run site -- resume <hôte>
       npm run site -- operator add <identifiant>`;

const PLANS: Plan[] = ['essentiel', 'premium'];

/** Runs one command; answers the lines to print. Throws SiteError with the French line of a refusal. */
export async function runSiteCommand(control: Control, env: Env, args: string[]): Promise<string[]> {
  const [command, ...rest] = args;
  const flags = rest.filter((a) => a.startsWith('--'));
  const words = rest.filter((a, i) => !a.startsWith('--') && rest[i - 1] !== '--plan' && rest[i - 1] !== '--manager');
  switch (command) {
    case 'list': {
      const sites = await readSites(control);
      if (!sites.length) return ['Aucun site : ajoutez-en un avec « npm run site -- add <hôte-tableau-de-bord> <hôte-application-client> ».'];
      return sites.map((s) => `${s.id}\t${s.dashboardHost}\t${s.guestHost}\t${s.plan}\t${s.state === 'active' ? 'actif' : 'suspendu'}\t${withoutPassword(s.databaseUrl)}`);
    }
    case 'add': {
      if (words.length < 2 || words.length > 3) throw new SiteError(USAGE);
      const unknown = flags.filter((f) => f !== '--demo' && f !== '--plan' && f !== '--manager');
      if (unknown.length) throw new SiteError(`Option inconnue : ${unknown[0]}\n${USAGE}`);
      const plan = flags.includes('--plan') ? planOf(rest[rest.indexOf('--plan') + 1]) : 'essentiel';
      const managerEmail = flags.includes('--manager') ? (rest[rest.indexOf('--manager') + 1] ?? '') : undefined;
      const added = await addSite(control, env, { dashboardHost: words[0], guestHost: words[1], databaseUrl: words[2], demo: flags.includes('--demo'), plan, managerEmail });
      return [`login: ${added.login} password: ${added.password}`, ...(added.mail ? [added.mail.text] : [])];
    }
    case 'plan': {
      if (words.length !== 2) throw new SiteError(USAGE);
      const site = await updateSite(control, hostName(words[0], "L'adresse"), { plan: planOf(words[1]) });
      if (!site) throw unknownHost(words[0]);
      return [`${site.dashboardHost} : formule ${site.plan}.`];
    }
    case 'suspend':
    case 'resume': {
      if (words.length !== 1) throw new SiteError(USAGE);
      const site = await updateSite(control, hostName(words[0], "L'adresse"), { state: command === 'suspend' ? 'suspended' : 'active' });
      if (!site) throw unknownHost(words[0]);
      return [`${site.dashboardHost} : ${site.state === 'active' ? 'actif' : 'suspendu'}.`];
    }
    case 'operator': {
      // an account of the operator console (OPERATOR_HOST); its password is shown here once
      if (words[0] !== 'add' || words.length !== 2) throw new SiteError(USAGE);
      const added = await addOperator(control, words[1]);
      return [`login: ${added.login} password: ${added.password}`];
    }
    default:
      throw new SiteError(USAGE);
  }
}

function planOf(value: string | undefined): Plan {
  if (!PLANS.includes(value as Plan)) throw new SiteError(`Formule inconnue « ${value ?? ''} » : essentiel ou premium.`);
  return value as Plan;
}

const unknownHost = (host: string) => new SiteError(`Aucun site n'a le nom d'hôte « ${host} » (« npm run site -- list » les montre).`);

/** A database address as shown: its password left out. */
function withoutPassword(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

async function main() {
  let env: Env;
  try {
    env = readEnv();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  if (!env.CONTROL_DATABASE_URL) {
    console.error("CONTROL_DATABASE_URL : l'adresse de la base de contrôle PostgreSQL (postgres://…) est nécessaire pour gérer les sites.");
    process.exit(1);
  }
  const control = openControl(env.CONTROL_DATABASE_URL);
  let code = 0;
  try {
    await migrateControl(control);
    for (const line of await runSiteCommand(control, env, process.argv.slice(2))) console.log(line);
  } catch (err) {
    console.error(err instanceof SiteError ? err.message : `Échec : ${(err as Error).message}`);
    code = 1;
  } finally {
    await control.close();
  }
  process.exit(code);
}

if (process.argv[1] && /sites[/\\]cli\.[tj]s$/.test(process.argv[1])) void main();
