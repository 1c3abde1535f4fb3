/** The chat area's French sentences (the spec's words, quoted exactly). */
export const CHAT = {} as const;
