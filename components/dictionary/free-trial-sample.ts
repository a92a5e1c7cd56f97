/**
 * The free trial's sample text (written for this project): the same words in different senses —
 * the river bank and the savings bank, leaves that fall and a man who leaves, a plane that takes
 * off and a man who ran a shop — so one click shows what "in context" means.
 */
export const FREE_TRIAL_SAMPLE = `The plane took off just as the autumn leaves began to fall.

On the bank of the river, an old man who ran a small bookshop sat reading in the sun. He had saved enough money to open an account at the bank, but he would rather spend it on books.

Every morning he leaves home early, and by noon he has usually read a chapter or two.`;
