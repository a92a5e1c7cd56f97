import { describe, expect, it } from 'vitest';
import { loadTreeParser } from '../language/pipeline';
import type { UdSentence } from '../language/ud';
import { createDictionaryEngine } from './engine';
import { targetRole } from './sentence-role';

/**
 * A tree written as the treebank writes it, one word a line: form, UPOS, XPOS, head, relation.
 * The role is a function of the tree; these are EWT-style trees of the sentences.
 */
function tree(rows: string): UdSentence {
  const words = rows
    .trim()
    .split('\n')
    .map((line) => {
      const [form, upos, xpos, head, deprel] = line.trim().split(/\s+/);
      return { form, lemma: form.toLowerCase(), upos, xpos, feats: {}, head: Number(head), deprel };
    });
  return { text: words.map((w) => w.form).join(' '), words };
}

/** The role of the word `form` in the tree (its first occurrence). */
function roleOf(t: UdSentence, form: string) {
  const index = t.words.findIndex((w) => w.form === form) + 1;
  if (index === 0) throw new Error(`${form} is not in the tree`);
  return targetRole(t, t.text, index);
}

const riverBank = tree(`
  We PRON PRP 2 nsubj
  walked VERB VBD 0 root
  along ADP IN 6 case
  the DET DT 6 det
  river NOUN NN 6 compound
  bank NOUN NN 2 obl
  and CCONJ CC 8 cc
  watched VERB VBD 2 conj
  the DET DT 10 det
  boats NOUN NNS 8 obj
  . PUNCT . 2 punct`);

const pushedUp = tree(`
  The DET DT 2 det
  bank NOUN NN 3 nsubj
  raised VERB VBD 0 root
  rates NOUN NNS 3 obj
  again ADV RB 3 advmod
  , PUNCT , 8 punct
  a DET DT 8 det
  decision NOUN NN 4 appos
  that PRON WDT 10 nsubj
  pushed VERB VBD 8 acl:relcl
  up ADP RP 10 compound:prt
  borrowing NOUN NN 13 compound
  costs NOUN NNS 10 obj
  . PUNCT . 3 punct`);

describe('the role of a word in its tree', () => {
  it('reads "river bank" as the object of along, never as a subject of "and"', () => {
    const bank = roleOf(riverBank, 'bank');
    expect(bank).toMatchObject({ pos: 'n', function: 'prepositional-object', text: '作介词 along 的宾语' });
    expect(bank.modifier).toMatchObject({ head: 'river', pos: 'n' });
    expect(roleOf(riverBank, 'river')).toMatchObject({ function: 'attributive', objectHead: 'bank' });
    // The second verb of a coordination is a predicate with the first one's subject.
    const watched = roleOf(riverBank, 'watched');
    expect(watched).toMatchObject({ pos: 'v', function: 'predicate', transitivity: 'obj', objectHead: 'boats', subject: 'We' });
    expect(watched.text).toBe('作谓语，及物，宾语是 the boats，主语是 We，与 walked 并列');
    for (const form of ['bank', 'river', 'watched', 'boats']) expect(roleOf(riverBank, form).text).not.toContain('and');
  });

  it('reads an adjective after be as a predicative, its subject with the copula as the predicate', () => {
    const t = tree(`
      The DET DT 2 det
      results NOUN NNS 4 nsubj
      were AUX VBD 4 cop
      impressive ADJ JJ 0 root
      . PUNCT . 4 punct`);
    expect(roleOf(t, 'impressive')).toMatchObject({ pos: 'a', function: 'predicative', text: '作表语，说明 The results' });
    expect(roleOf(t, 'results')).toMatchObject({ pos: 'n', function: 'subject', text: '作主语（谓语是 were）' });
  });

  it('reads a phrasal verb in a relative clause, its subject the noun the clause modifies', () => {
    const pushed = roleOf(pushedUp, 'pushed');
    expect(pushed).toMatchObject({ pos: 'v', function: 'predicate', objectHead: 'costs', subjectHead: 'decision' });
    expect(pushed.particle).toEqual({ word: 'up', index: 11 });
    expect(pushed.text).toBe('作谓语，及物，宾语是 borrowing costs，主语是 a decision，与 up 构成短语动词');
    expect(roleOf(pushedUp, 'costs')).toMatchObject({ function: 'object', governor: 'pushed', modifier: { head: 'borrowing' } });
    expect(roleOf(pushedUp, 'rates').text).toBe('作宾语（动词是 raised）');
  });

  it('reads coordinated subjects as one, each conjunct a subject of the verb', () => {
    const t = tree(`
      Tom PROPN NNP 6 nsubj
      and CCONJ CC 3 cc
      Mary PROPN NNP 1 conj
      are AUX VBP 6 cop
      good ADJ JJ 6 amod
      friends NOUN NNS 0 root
      . PUNCT . 6 punct`);
    expect(roleOf(t, 'Tom').text).toBe('作主语（谓语是 are）');
    expect(roleOf(t, 'Mary').text).toBe('作主语（谓语是 are），与 Tom 并列');
    expect(roleOf(t, 'friends').text).toBe('作表语，说明 Tom and Mary');
  });

  it('reads expletive it and there, naming the real subject', () => {
    const there = tree(`
      There PRON EX 2 expl
      is VERB VBZ 0 root
      no DET DT 4 det
      proof NOUN NN 2 nsubj
      . PUNCT . 2 punct`);
    expect(roleOf(there, 'There')).toMatchObject({ function: 'expletive', text: '作形式主语（真正主语是 no proof）' });
    expect(roleOf(there, 'proof').text).toBe('作主语（谓语是 is）');
    const it_ = tree(`
      It PRON PRP 3 expl
      is AUX VBZ 3 cop
      important ADJ JJ 0 root
      that SCONJ IN 6 mark
      you PRON PRP 6 nsubj
      come VERB VBP 3 csubj
      . PUNCT . 3 punct`);
    expect(roleOf(it_, 'It').text).toBe('作形式主语（真正主语是 that you come）');
  });

  it('marks an object inside an infinitive phrase, the infinitive with its subject', () => {
    const t = tree(`
      They PRON PRP 2 nsubj
      decided VERB VBD 0 root
      to PART TO 4 mark
      encompass VERB VB 2 xcomp
      the DET DT 7 det
      whole ADJ JJ 7 amod
      brigade NOUN NN 4 obj
      . PUNCT . 2 punct`);
    expect(roleOf(t, 'brigade')).toMatchObject({ function: 'object', nonFinite: 'infinitive' });
    expect(roleOf(t, 'brigade').text).toBe('作宾语（动词是 encompass，在不定式短语中）');
    expect(roleOf(t, 'encompass').text).toBe('不定式动词，及物，宾语是 the whole brigade，主语是 They');
  });

  it('reads gerunds, participles and passives from the tree', () => {
    const enjoys = tree(`
      My PRON PRP$ 2 nmod:poss
      grandfather NOUN NN 3 nsubj
      enjoys VERB VBZ 0 root
      reading VERB VBG 3 xcomp
      history NOUN NN 6 compound
      books NOUN NNS 4 obj
      . PUNCT . 3 punct`);
    expect(roleOf(enjoys, 'reading')).toMatchObject({ pos: 'v', function: 'object', gerund: true, governor: 'enjoys' });
    expect(roleOf(enjoys, 'reading').text).toContain('动名词作 enjoys 的宾语');
    const published = tree(`
      The DET DT 2 det
      results NOUN NNS 4 nsubj:pass
      were AUX VBD 4 aux:pass
      published VERB VBN 0 root
      by ADP IN 7 case
      the DET DT 7 det
      ministry NOUN NN 4 obl
      . PUNCT . 4 punct`);
    expect(roleOf(published, 'published')).toMatchObject({ passive: true, agent: true, subject: 'The results' });
    expect(roleOf(published, 'results').text).toBe('作主语（谓语是 were published）');
    const heavy = tree(`
      Heavy ADJ JJ 2 amod
      rain NOUN NN 3 nsubj
      fell VERB VBD 0 root
      . PUNCT . 3 punct`);
    expect(roleOf(heavy, 'Heavy')).toMatchObject({ pos: 'a', function: 'attributive', text: '作定语，修饰 rain' });
    expect(roleOf(heavy, 'rain').modifier).toMatchObject({ head: 'heavy', pos: 'a' });
  });
});

// The trained tree parser, as query_word has it: the role is read from its tree, which no fake
// would keep honest.
const trees = loadTreeParser();
const engine = createDictionaryEngine();

/** query_word's path: the engine with the tree of the target's sentence. */
function lookup(marked: string) {
  if (!trees) throw new Error("the tree parser's models cannot be read (upstream/language/models)");
  const start = marked.indexOf('[');
  const end = marked.indexOf(']');
  const input = {
    pre_context: marked.slice(0, start),
    target_word: marked.slice(start + 1, end),
    post_context: marked.slice(end + 1),
  };
  return engine.lookup(input, trees.parse(engine.sentenceOf(input).text));
}

describe('query_word with the tree', () => {
  it("gives the issue's sentences their roles: river bank, an infinitive's object, an expletive", () => {
    const [bank] = lookup('We walked along the river [bank] and watched the boats.');
    expect(bank.role).toContain('作介词 along 的宾语');
    expect(bank.role).not.toContain('and');
    expect(bank.gloss[0].sense.second).toContain('岸');
    const [brigade] = lookup('They decided to encompass the whole [brigade].');
    expect(brigade.role).toBe('作宾语（动词是 encompass，在不定式短语中）');
    const [there] = lookup('[There] is no proof.');
    expect(there.role).toBe('作形式主语（真正主语是 no proof）');
  });

  it('starts the sense choice from the part of speech of the tree (adjectives the old tagger missed)', () => {
    const [impressive] = lookup('The results were [impressive].');
    expect(impressive.gloss[0].pos?.label).toBe('adj.');
    expect(impressive.role).toBe('作表语，说明 The results');
    // wink-nlp tagged these as a verb, an adverb and a verb.
    for (const marked of ['The light was [dim].', 'It is a [fast] car.', 'The room felt cold and [damp].']) {
      const [item] = lookup(marked);
      expect(item.gloss[0].pos?.label, marked).toBe('adj.');
    }
  });

  it('reads a participle as the adjective when it has a determiner, or a phrase of its own after be', () => {
    const [injured] = lookup('The [injured] were taken to three hospitals in the city.');
    expect(injured.lemma).toBe('injured');
    const [married] = lookup('My sister has been [married] for ten years and has two children.');
    expect(married.lemma).toBe('married');
    // With an agent it stays the verb.
    const [published] = lookup('The results were [published] by the ministry.');
    expect(published.lemma).toBe('publish');
  });

  it('reads "pushed up borrowing costs" as the phrasal verb with its object', () => {
    const [pushed] = lookup('The bank raised rates again, a decision that [pushed] up borrowing costs.');
    expect(pushed.gloss[0].phrase_title).toBe('push up');
    expect(pushed.role).toContain('与 up 构成短语动词');
    expect(pushed.role).toContain('主语是 a decision');
  });

  it('shows "table" as the verb 搁置 first, with its role', () => {
    const [item] = lookup('The committee decided to [table] the proposal.');
    expect(item.gloss[0].pos?.label).toMatch(/^v/);
    // "hold back to a later time": 搁置 or 延期, both what a dictionary gives.
    expect(item.gloss[0].simple_sense).toMatch(/搁置|延期/);
    expect(item.role).toContain('宾语是 the proposal');
  });

  it('tells take off the plane from take off the coat', () => {
    const [plane] = lookup('The plane [took] off at noon.');
    expect(plane.gloss[0]).toMatchObject({ phrase_title: 'take off', sense_id: 'take_off%2:38:02::' });
    expect(plane.gloss[0].simple_sense).toContain('起飞');
    const [coat] = lookup('He [took] off his coat.');
    expect(coat.gloss[0]).toMatchObject({ phrase_title: 'take off', sense_id: 'take_off%2:29:03::' });
    expect(coat.gloss[0].simple_sense).toContain('脱下');
    expect(coat.role).toContain('与 off 构成短语动词');
  });

  it('does not take words that merely stand together for an expression', () => {
    // look_up always takes an object: "looked up eagerly" is look + the adverb up.
    const [looked] = lookup('She [looked] up eagerly.');
    expect(looked.gloss[0].phrase_title).toBeUndefined();
    expect(looked.gloss.find((g) => g.phrase_title === 'look up')?.maybe).toBe('phrase');
    // "a sort of game" is the noun sort, not the adverb sort_of.
    const [sort] = lookup('It was a [sort] of game.');
    expect(String(sort.gloss[0].sense_id)).toMatch(/^sort%1/);
    // ECDICT's "a piece of cake" is offered, never put before the word's own senses.
    const [piece] = lookup('She took a [piece] of cake.');
    expect(String(piece.gloss[0].sense_id)).toMatch(/^piece%1/);
    const [took] = lookup('She [took] a piece of cake.');
    expect(took.gloss[0].phrase_title).toBeUndefined();
  });

  it("finds verb idioms written with one's, linked among themselves", () => {
    const [made] = lookup('At last she [made] up her mind about the job.');
    expect(made.gloss[0]).toMatchObject({ phrase_title: "make up one's mind" });
  });

  it('keeps fixed adverbials used as such', () => {
    const [fact] = lookup('The city looks calm; in [fact], it is very busy.');
    expect(fact.gloss[0].sense_id).toBe('in_fact%4:02:00::');
    const [spite] = lookup('In [spite] of the rain, we went out.');
    expect(spite.gloss[0].phrase_title).toBe('in spite of');
    // "of course" inside "a change of course" modifies a noun: not the adverbial.
    const [course] = lookup('The captain ordered a change of [course] before the storm.');
    expect(course.gloss[0].sense_id).not.toBe('of_course%4:02:00::');
  });

  it('gives the chosen sense the Chinese of the pair the word forms in its sentence', () => {
    const [heavy] = lookup('Forecasters expect [heavy] rain over the weekend.');
    expect(heavy.gloss[0].sense_id).toBe('heavy%3:00:03::');
    expect(heavy.gloss[0].sense.second).toMatch(/^大（大雨）/);
    expect(heavy.gloss[0].sense.second).not.toContain('重的');
    // The other senses keep their own Chinese: the pair speaks only for this sentence's sense.
    expect(heavy.gloss.slice(1).some((g) => g.sense.second?.includes('重的'))).toBe(true);
    const [bank] = lookup('They walked along the river [bank] until the path was flooded.');
    expect(bank.gloss[0].sense.second).toBe('岸（河岸）');
    expect(bank.role).toMatch(/；river bank 即 河岸$/);
    // No pair: the usual Chinese.
    const [alone] = lookup('The rain was [heavy].');
    expect(alone.gloss[0].sense.second).not.toContain('（');
  });

  it('takes a verb and its bare noun, a clause-final particle or a long adverbial as the expression', () => {
    const [place] = lookup('All that he had told her would follow, had [taken] place.');
    expect(place.gloss[0].phrase_title).toBe('take place');
    const [broke] = lookup('On the way to the airport our car [broke] down, and we had to call a taxi.');
    expect(broke.gloss[0].phrase_title).toBe('break down');
    const [turned] = lookup('Thousands of fans [turned] out at the airport to welcome the team home.');
    expect(turned.gloss[0].phrase_title).toBe('turn out');
    const [now] = lookup('Every [now] and then she had to stop and untwist it.');
    expect(now.gloss[0].phrase_title).toBe('every now and then');
    // …but not the verb with a noun of its own, a particle before a determiner, or a quantity.
    const [took] = lookup('She [took] the place of her sister.');
    expect(took.gloss[0].phrase_title).toBeUndefined();
    const [looked] = lookup(
      'He [looked] up the Laughing Brook and down the Laughing Brook and this way and that way, but no one was to be seen.',
    );
    expect(looked.gloss[0].phrase_title).toBeUndefined();
    const [deal] = lookup('Little Joe has a great [deal] of courage.');
    expect(deal.gloss[0].sense_id).not.toBe('a_great_deal%4:02:00::');
  });

  it('reads -ing and -ed forms by their neighbours where the parse is misled', () => {
    const [reading] = lookup('My grandfather enjoys [reading] history books in the garden on warm summer afternoons.');
    expect(reading.lemma).toBe('read');
    expect(reading.role).toContain('动名词作 enjoys 的宾语');
    const [interested] = lookup('The students were [interested] in the story of the old man.');
    expect(interested.lemma).toBe('interested');
    const [increased] = lookup('The price of bread has [increased] by almost a third since the war began.');
    expect(increased.lemma).toBe('increase');
  });

  it("reads a gerund as the verb when it keeps a verb's syntax, else as the -ing noun", () => {
    const [smoking] = lookup('[Smoking] in restaurants has been banned since 2010.');
    expect(smoking.lemma).toBe('smoking');
    const [building] = lookup('[Building] a bridge across the river took ten years.');
    expect(building.lemma).toBe('build');
    expect(building.role).toContain('动名词作主语');
  });

  it('reads the noun after an article as a noun ("the leaves turn yellow")', () => {
    const [item] = lookup('In autumn the [leaves] turn yellow and red.');
    expect(item.lemma).toBe('leaf');
  });
});
