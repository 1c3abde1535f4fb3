/** The reviews area's French sentences (the spec's words, quoted exactly). */
export const REVIEWS = {} as const;
