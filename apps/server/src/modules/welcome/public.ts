// What addSite (src/sites/sites.ts) uses: the first e-mail to a new site's manager.
export { prepareWelcome, type WelcomeOutcome } from './welcome.service';
