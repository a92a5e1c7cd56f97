/** The expert of the browser tests: the one account EXPERT_ACCOUNTS names in playwright.config.ts. */
export const expertEmail = 'expert@e2e.yujing.test';
