// What other areas may use of cron-mail (docs/conventions.md 'Floors and hooks'): they import this file, nothing else of the area.
export { planCampaign } from './cron-mail.service';
export { codeMailsSent, failedCampaigns, type FailedCampaign } from './cron-mail.repository';
