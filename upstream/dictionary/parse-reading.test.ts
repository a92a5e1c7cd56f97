import { afterAll, describe, expect, it } from 'vitest';
import { createLinkGrammar } from '../parser/link-grammar';
import { createEngineContext } from './engine-data';
import { formRole, readParse, verbalForm } from './parse-reading';
import { emptyRole, type TargetRole } from './sentence-role';
import { tagContext } from './tagger';

// The real parser: the role is read from Link Grammar's links, which no fake would keep honest.
const parser = createLinkGrammar({ timeoutMs: 20_000 });
afterAll(() => parser.close());
const d = createEngineContext().open();

/** "The committee decided to [table] the proposal." → the sentence tagged, the target marked. */
function tagged(marked: string) {
  const m = /^(.*)\[(.*)\](.*)$/.exec(marked)!;
  return tagContext(m[1], m[2], m[3]);
}

describe('the target in the parse of its sentence', () => {
  it("finds the target among the parser's words, with its role", async () => {
    const sentence = tagged('The committee decided to [table] the proposal.');
    const parse = await parser.parse(sentence.text);
    const reading = readParse(parse, sentence)!;
    expect(parse.words[reading.target]).toBe('table');
    expect(reading.role).toMatchObject({ pos: 'v', function: 'infinitive', objectHead: 'proposal', confident: true });
    expect(reading.role.text).toMatch(/^不定式动词/);
    expect(sentence.tokens.map((_, i) => parse.words[reading.parseIndexOf(i) ?? -1])).toEqual([
      'the',
      'committee',
      'decided',
      'to',
      'table',
      'the',
      'proposal',
      '.',
    ]);
  });

  it('trusts no role of a linkage that skipped words, nor shows it', async () => {
    const sentence = tagged('The committee decided to [table] the proposal.');
    const parse = await parser.parse(sentence.text);
    const partial = { ...parse, words: parse.words.map((w, i) => (i === 2 ? `[${w}]` : w)) };
    const reading = readParse(partial, sentence)!;
    expect(reading.target).toBe(5);
    expect(reading.role.confident).toBe(false);
    expect(reading.role.text).toBeUndefined();
  });

  it('is nothing where the target is not among its words', async () => {
    const parse = await parser.parse('Something else entirely.');
    expect(readParse(parse, tagged('The committee decided to [table] the proposal.'))).toBeUndefined();
  });
});

describe('how an -ing or -ed form reads', () => {
  const role = (fields: Partial<TargetRole>): TargetRole => ({ ...emptyRole(), ...fields });
  const formIn = (marked: string, given: TargetRole | undefined) => {
    const sentence = tagged(marked);
    const word = sentence.tokens[sentence.target[0]].lower;
    return formRole(given, sentence, d.lemmatizer.candidates(word), d);
  };

  it('reads a participle after be with no agent as the adjective, with an agent as the verb', () => {
    const impaired = formIn('Patients whose hearing is [impaired] must be told.', role({ passive: true }));
    expect(impaired).toMatchObject({ pos: 'a', function: 'predicative', adjectival: true, transitivity: 'unknown' });
    expect(impaired?.text).toMatch(/形容词/);
    const broken = role({ passive: true, agent: true });
    expect(formIn('The window was [broken] by a ball.', broken)).toBe(broken);
  });

  it("keeps a gerund's verb where it keeps a verb's syntax, else reads the -ing noun", () => {
    const object = role({ gerund: true, function: 'object', governor: 'approved' });
    expect(formIn('The council approved the [building] of homes.', object)?.pos).toBe('n');
    const subject = role({ gerund: true, function: 'subject', transitivity: 'obj' });
    expect(formIn('[Building] a bridge is hard.', subject)).toMatchObject({ pos: 'v', text: '动名词作主语，及物' });
    // be and have keep the verb whatever follows; an -ing form hung on be is a progressive.
    const being = role({ gerund: true, function: 'subject', transitivity: 'unknown' });
    expect(formIn('[Being] Jewish gives you drive.', being)?.pos).toBe('v');
    const progressive = role({ gerund: true, function: 'object', governor: 'was', transitivity: 'noobj' });
    expect(formIn('It was [beginning] to look bad.', progressive)?.pos).toBe('v');
    expect(formIn('The [beginning] was slow.', role({ gerund: true, function: 'subject' }))?.pos).toBe('n');
  });

  it('reads the form from its neighbours without a parse, and leaves other words as they are', () => {
    expect(formIn('My grandfather enjoys [reading] history books.', undefined)).toMatchObject({ pos: 'v', governor: 'enjoys' });
    expect(formIn('He [runs] a company.', undefined)).toBeUndefined();
    const runs = role({ pos: 'v' });
    expect(formIn('He [runs] a company.', runs)).toBe(runs);
  });
});

describe('verbalForm: an -ing or -ed form the trained parser gives a verb’s syntax', () => {
  const w = (form: string, xpos: string, head: number, deprel: string) => ({
    form,
    lemma: form,
    upos: '',
    xpos,
    feats: {},
    head,
    deprel,
  });
  it('finds a clause that modifies, a direct object, an agent; nothing else', () => {
    // "Southerners living in the North": a clause that modifies a noun.
    expect(verbalForm([w('Southerners', 'NNS', 0, 'root'), w('living', 'VBG', 1, 'acl')], 1)).toBe('gerund-noun');
    // "helping new members": a direct object.
    expect(verbalForm([w('helping', 'VBG', 0, 'root'), w('members', 'NNS', 1, 'obj')], 0)).toBe('gerund-noun');
    // "ballgowns worn by those": an agent.
    const worn = [
      w('ballgowns', 'NNS', 0, 'root'),
      w('worn', 'VBN', 1, 'acl'),
      w('by', 'IN', 4, 'case'),
      w('those', 'DT', 2, 'obl:agent'),
    ];
    expect(verbalForm(worn, 1)).toBe('participle-adjective');
    // "workers who established rapport": a participle's own object (the tagger's past tense).
    const established = [w('who', 'WP', 2, 'nsubj'), w('established', 'VBN', 0, 'root'), w('rapport', 'NN', 2, 'obj')];
    expect(verbalForm(established, 1)).toBe('participle-adjective');
    // "the living room", "a worn coat": nothing of a verb's.
    expect(verbalForm([w('living', 'VBG', 2, 'amod'), w('room', 'NN', 0, 'root')], 0)).toBeUndefined();
    expect(verbalForm([w('worn', 'VBN', 2, 'amod'), w('coat', 'NN', 0, 'root')], 0)).toBeUndefined();
    expect(verbalForm([w('living', 'NN', 0, 'root')], 0)).toBeUndefined();
  });
});
