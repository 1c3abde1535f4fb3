// `npm run site -- list | add <dashboard-host> <guest-host> [<database-url>] [--demo] [--plan premium] [--manager <email>] |
// plan <host> <plan> | suspend <host> | resume <host> | operator add <login> | backup <host> | restore <host> <file> |
// migrate | move <host> <database-url>`: the sites of the control database (docs/multisite.md).
import { ConfigError, readEnv, type Env } from '../env';
import type { Plan } from '../http/deps';
import { addOperator } from './operator/accounts';
import { startMigrations } from './operator/rolling-migration';
import { startTask, withoutPassword, type TaskRequest } from './operator/site-tasks';
import { findSite, migrateControl, openControl, readSites, updateSite, type Control } from './control';
import { addSite, hostName, SiteError } from './sites';

const USAGE = `Usage : npm run site -- list
       npm run site -- add <hôte-tableau-de-bord> <hôte-application-client> [<adresse-de-la-base>] [--demo] [--plan premium] [--manager <e-mail>]
       npm run site -- plan <hôte> essentiel|premium
       npm run site -- suspend <hôte>
       npm run site -- resume <hôte>
       npm run site -- operator add <identifiant>
       npm run site -- backup <hôte>
       npm run site -- restore <hôte> <fichier>
       npm run site -- migrate
       npm run site -- move <hôte> <adresse-de-la-nouvelle-base>`;

const PLANS: Plan[] = ['essentiel', 'premium'];

/**
 * Runs one command; answers the lines to print. Throws SiteError with the French line of a refusal.
 * `say`: the steps of a long command as they come (none: they are among the lines answered).
 */
export async function runSiteCommand(control: Control, env: Env, args: string[], say?: (line: string) => void): Promise<string[]> {
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
    case 'backup':
    case 'restore':
    case 'move': {
      if (words.length !== (command === 'backup' ? 1 : 2)) throw new SiteError(USAGE);
      const site = await findSite(control, hostName(words[0], "L'adresse"));
      if (!site) throw unknownHost(words[0]);
      const request: TaskRequest = command === 'backup' ? { kind: 'backup' } : command === 'restore' ? { kind: 'restore', file: words[1] } : { kind: 'move', databaseUrl: words[1] };
      const lines: string[] = [];
      const { done } = await startTask({ control, env, say: say ?? ((l) => lines.push(l)) }, site, request);
      const task = await done;
      if (task.state === 'failed') throw new SiteError(task.step);
      return say ? [] : lines;
    }
    case 'migrate': {
      if (words.length) throw new SiteError(USAGE);
      const lines: string[] = [];
      const { done } = await startMigrations(control, say ?? ((l) => lines.push(l)));
      const run = await done;
      lines.push(run.failures.length ? `${run.total - run.failures.length} sur ${run.total} sites à jour ; ${run.failures.length} en échec.` : `${run.total} sur ${run.total} sites à jour.`);
      if (run.failures.length) throw new SiteError(lines.join('\n'));
      return lines;
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
    for (const line of await runSiteCommand(control, env, process.argv.slice(2), (step) => console.log(`  ${step}`))) console.log(line);
  } catch (err) {
    console.error(err instanceof SiteError ? err.message : `Échec : ${(err as Error).message}`);
    code = 1;
  } finally {
    await control.close();
  }
  process.exit(code);
}

if (process.argv[1] && /sites[/\\]cli\.[tj]s$/.test(process.argv[1])) void main();
