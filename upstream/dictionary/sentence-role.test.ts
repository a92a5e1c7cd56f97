import { afterAll, describe, expect, it } from 'vitest';
import { createLinkGrammar } from '../parser/link-grammar';
import { createDictionaryEngine } from './engine';
import { targetRole, wordAt } from './sentence-role';

// The real parser: the role is read from Link Grammar's links, which no fake would keep honest.
const parser = createLinkGrammar({ timeoutMs: 20_000 });
afterAll(() => parser.close());
const engine = createDictionaryEngine();

/** "The committee decided to [table] the proposal." → the target's role. */
async function roleIn(marked: string) {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  const sentence = marked.replace(/[[\]]/g, '');
  const parse = await parser.parse(sentence);
  const index = wordAt(parse, sentence, start, end);
  if (index === undefined) throw new Error(`target not found in ${marked}`);
  return targetRole(parse, sentence, index);
}

/** query_word's path: the engine with the parse of the target's sentence. */
async function lookup(marked: string) {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']');
  const input = {
    pre_context: marked.slice(0, start),
    target_word: marked.slice(start + 1, end),
    post_context: marked.slice(end + 1),
  };
  const parse = await parser.parse(engine.sentenceOf(input).text);
  return engine.lookup(input, parse);
}

describe('the role of a word in its parsed sentence', () => {
  it('reads a verb after "to" with its object and subject', async () => {
    const role = await roleIn('The committee decided to [table] the proposal.');
    expect(role).toMatchObject({ pos: 'v', function: 'infinitive', transitivity: 'obj', objectHead: 'proposal' });
    expect(role.text).toBe('不定式动词，及物，宾语是 the proposal，主语是 The committee');
  });

  it('reads a noun as subject, object or the object of a preposition', async () => {
    expect(await roleIn('The [bank] raised its rates.')).toMatchObject({ pos: 'n', function: 'subject' });
    expect(await roleIn('They live near the [capital].')).toMatchObject({
      pos: 'n',
      function: 'prepositional-object',
      text: '作介词 near 的宾语',
    });
  });

  it('reads attributive adjectives and participles after be', async () => {
    expect(await roleIn('[Heavy] rain fell.')).toMatchObject({ pos: 'a', function: 'attributive', text: '作定语，修饰 rain' });
    const impaired = await roleIn('Her hearing must be [impaired].');
    expect(impaired).toMatchObject({ pos: 'a', function: 'predicative', adjectival: true });
    expect(impaired.text).toContain('Her hearing');
  });

  it("reads a noun's modifier", async () => {
    expect((await roleIn('They walked along the river [bank] until dark.')).modifier).toMatchObject({ head: 'river', pos: 'n' });
    expect((await roleIn('Forecasters expect heavy [rain] over the weekend.')).modifier).toMatchObject({
      head: 'heavy',
      pos: 'a',
    });
  });

  it('finds a particle linked to its verb, and a passive with its agent', async () => {
    expect((await roleIn('He [took] his coat off.')).particle?.word).toBe('off');
    expect((await roleIn('The plane [took] off at noon.')).particle?.word).toBe('off');
    expect(await roleIn('The results were [published] by the ministry.')).toMatchObject({ passive: true, agent: true });
  });
});

describe('query_word with the parse', () => {
  it('shows "table" as the verb 搁置 first, with its role', async () => {
    const [item] = await lookup('The committee decided to [table] the proposal.');
    expect(item.gloss[0].pos?.label).toMatch(/^v/);
    // "hold back to a later time": 搁置 or 延期, both what a dictionary gives.
    expect(item.gloss[0].simple_sense).toMatch(/搁置|延期/);
    expect(item.role).toContain('宾语是 the proposal');
  });

  it('tells take off the plane from take off the coat', async () => {
    const [plane] = await lookup('The plane [took] off at noon.');
    expect(plane.gloss[0]).toMatchObject({ phrase_title: 'take off', sense_id: 'take_off%2:38:02::' });
    expect(plane.gloss[0].simple_sense).toContain('起飞');
    const [coat] = await lookup('He [took] off his coat.');
    expect(coat.gloss[0]).toMatchObject({ phrase_title: 'take off', sense_id: 'take_off%2:29:03::' });
    expect(coat.gloss[0].simple_sense).toContain('脱下');
    expect(coat.role).toContain('与 off 构成短语动词');
  });

  it('does not take words that merely stand together for an expression', async () => {
    // look_up always takes an object: "looked up eagerly" is look + the adverb up.
    const [looked] = await lookup('She [looked] up eagerly.');
    expect(looked.gloss[0].phrase_title).toBeUndefined();
    expect(looked.gloss.find((g) => g.phrase_title === 'look up')?.maybe).toBe('phrase');
    // "a sort of game" is the noun sort, not the adverb sort_of.
    const [sort] = await lookup('It was a [sort] of game.');
    expect(String(sort.gloss[0].sense_id)).toMatch(/^sort%1/);
    // ECDICT's "a piece of cake" is offered, never put before the word's own senses.
    const [piece] = await lookup('She took a [piece] of cake.');
    expect(String(piece.gloss[0].sense_id)).toMatch(/^piece%1/);
    const [took] = await lookup('She [took] a piece of cake.');
    expect(took.gloss[0].phrase_title).toBeUndefined();
  });

  it("finds verb idioms written with one's, linked among themselves", async () => {
    const [made] = await lookup('At last she [made] up her mind about the job.');
    expect(made.gloss[0]).toMatchObject({ phrase_title: "make up one's mind" });
  });

  it('keeps fixed adverbials used as such', async () => {
    const [fact] = await lookup('The city looks calm; in [fact], it is very busy.');
    expect(fact.gloss[0].sense_id).toBe('in_fact%4:02:00::');
    const [spite] = await lookup('In [spite] of the rain, we went out.');
    expect(spite.gloss[0].phrase_title).toBe('in spite of');
    // "of course" inside "a change of course" modifies a noun: not the adverbial.
    const [course] = await lookup('The captain ordered a change of [course] before the storm.');
    expect(course.gloss[0].sense_id).not.toBe('of_course%4:02:00::');
  });

  it('gives the chosen sense the Chinese of the pair the word forms in its sentence', async () => {
    const [heavy] = await lookup('Forecasters expect [heavy] rain over the weekend.');
    expect(heavy.gloss[0].sense_id).toBe('heavy%3:00:03::');
    expect(heavy.gloss[0].sense.second).toMatch(/^大（大雨）/);
    expect(heavy.gloss[0].sense.second).not.toContain('重的');
    // The other senses keep their own Chinese: the pair speaks only for this sentence's sense.
    expect(heavy.gloss.slice(1).some((g) => g.sense.second?.includes('重的'))).toBe(true);
    const [bank] = await lookup('They walked along the river [bank] until the path was flooded.');
    expect(bank.gloss[0].sense.second).toBe('岸（河岸）');
    expect(bank.role).toMatch(/；river bank 即 河岸$/);
    // No pair: the usual Chinese.
    const [alone] = await lookup('The rain was [heavy].');
    expect(alone.gloss[0].sense.second).not.toContain('（');
  });

  it('takes a verb and its bare noun, a clause-final particle or a long adverbial as the expression', async () => {
    const [place] = await lookup('All that he had told her would follow, had [taken] place.');
    expect(place.gloss[0].phrase_title).toBe('take place');
    const [broke] = await lookup('On the way to the airport our car [broke] down, and we had to call a taxi.');
    expect(broke.gloss[0].phrase_title).toBe('break down');
    const [turned] = await lookup('Thousands of fans [turned] out at the airport to welcome the team home.');
    expect(turned.gloss[0].phrase_title).toBe('turn out');
    const [now] = await lookup('Every [now] and then she had to stop and untwist it.');
    expect(now.gloss[0].phrase_title).toBe('every now and then');
    // …but not the verb with a noun of its own, a particle before a determiner, or a quantity.
    const [took] = await lookup('She [took] the place of her sister.');
    expect(took.gloss[0].phrase_title).toBeUndefined();
    const [looked] = await lookup(
      'He [looked] up the Laughing Brook and down the Laughing Brook and this way and that way, but no one was to be seen.',
    );
    expect(looked.gloss[0].phrase_title).toBeUndefined();
    const [deal] = await lookup('Little Joe has a great [deal] of courage.');
    expect(deal.gloss[0].sense_id).not.toBe('a_great_deal%4:02:00::');
  });

  it('reads a verb before a preposition, a complement or a predicative adjective as the verb alone', async () => {
    // "in" before a noun phrase is its preposition, unless the parser ties it to the verb.
    const [held] = await lookup('Several conventions have been [held] in recent months in hotels.');
    expect(held.gloss[0].phrase_title).toBeUndefined();
    // "it" with a complement after it: make + object + complement, not make it (succeed).
    const [made] = await lookup('What he had told him [made] it impossible to accept the offer.');
    expect(made.gloss[0].phrase_title).toBeUndefined();
    // "full" is the sky's adjective, not a particle of be.
    const [was] = await lookup('That cold, empty sky [was] full of fire and light.');
    expect(was.gloss[0].phrase_title).toBeUndefined();
  });

  it('reads -ing and -ed forms by their neighbours where the parse is misled', async () => {
    const [reading] = await lookup('My grandfather enjoys [reading] history books in the garden on warm summer afternoons.');
    expect(reading.lemma).toBe('read');
    expect(reading.role).toContain('动名词作 enjoys 的宾语');
    const [interested] = await lookup('The students were [interested] in the story of the old man.');
    expect(interested.lemma).toBe('interested');
    const [increased] = await lookup('The price of bread has [increased] by almost a third since the war began.');
    expect(increased.lemma).toBe('increase');
  });

  it("reads a gerund as the verb when it keeps a verb's syntax, else as the -ing noun", async () => {
    const [smoking] = await lookup('[Smoking] in restaurants has been banned since 2010.');
    expect(smoking.lemma).toBe('smoking');
    const [building] = await lookup('[Building] a bridge across the river took ten years.');
    expect(building.lemma).toBe('build');
    expect(building.role).toContain('动名词作主语');
  });

  it('reads the noun after an article as a noun ("the leaves turn yellow")', async () => {
    const [item] = await lookup('In autumn the [leaves] turn yellow and red.');
    expect(item.lemma).toBe('leaf');
  });
});
