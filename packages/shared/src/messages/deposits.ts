/** The deposits area's French sentences (the spec's words, quoted exactly). */
export const DEPOSITS = {} as const;
