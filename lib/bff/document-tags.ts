/** How long a reading page's document is kept when no import says it changed (seconds). */
export const documentTtlSeconds = 3600;

/** The cache tag of every reading page whose URL names this file (its name is all the URL has). */
export const documentTag = (filename: string) => `document:${filename}`;
