/** The trends' periods (days); the trend compares with the period of the same length just before. */
export const PERIODS = [
  { value: '30', label: '30 jours' },
  { value: '90', label: '90 jours' },
  { value: '365', label: '12 mois' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

