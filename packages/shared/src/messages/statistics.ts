/** The statistics area's French sentences (the spec's words, quoted exactly). */
export const STATISTICS = {} as const;
