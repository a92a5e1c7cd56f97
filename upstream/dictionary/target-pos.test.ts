import { describe, expect, it } from 'vitest';
import type { UdWord } from '../language/ud';
import type { ContextFeatures } from './rank';
import { emptyRole, type TargetRole } from './sentence-role';
import { applyParsePos, applyTreePos, attributiveAdjective, treeWordPos } from './target-pos';

const features = (fields: Partial<ContextFeatures>): ContextFeatures => ({
  transitivity: 'unknown',
  words: [],
  expanded: [],
  ...fields,
});
const role = (fields: Partial<TargetRole>): TargetRole => ({ ...emptyRole(), ...fields });
const treeWord = (upos: string, xpos: string, deprel = 'root'): UdWord => ({
  form: 'w',
  lemma: 'w',
  upos,
  xpos,
  feats: {},
  head: 0,
  deprel,
});
/** WordNet with the word in these parts of speech only. */
const wordnetWith = (...pos: string[]) => ({ has: (_: string, asked?: string) => pos.includes(asked ?? '') });

describe("the parse's part of speech", () => {
  it('overrules the tagger where the parse is sure, with the tag to match', () => {
    const f = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(f, role({ pos: 'n' }));
    expect(f).toMatchObject({ pos: 'n', tag: 'NOUN', posFromParse: true });
  });

  it("takes a sure verb's transitivity", () => {
    const f = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(f, role({ pos: 'v', transitivity: 'obj' }));
    expect(f).toMatchObject({ pos: 'v', tag: 'VERB', transitivity: 'obj', posFromParse: true });
  });

  it('leaves an adjective before its noun to the trained parser where the parse reads a noun modifier', () => {
    // "an express invitation": Link Grammar's express.n, the trained parser's amod.
    const words = [treeWord('DET', 'DT', 'det'), treeWord('ADJ', 'JJ', 'amod'), treeWord('NOUN', 'NN', 'root')].map((w, k) => ({
      ...w,
      head: k === 2 ? 0 : 3,
    }));
    const express = features({ pos: 'a', tag: 'ADJ' });
    applyParsePos(express, role({ pos: 'n' }), { words, target: 1 });
    expect(express).toMatchObject({ pos: 'a', tag: 'ADJ' });
    expect(express.posFromParse).toBeUndefined();
    // "neurotic and psychotic disorders": joined to such an adjective.
    const joined = [...words.slice(0, 2), { ...treeWord('ADJ', 'JJ', 'conj'), head: 2 }, words[2]];
    expect(attributiveAdjective({ words: joined, target: 2 })).toBe(true);
    // A participle before its noun too.
    const participle = [words[0], { ...treeWord('VERB', 'VBG', 'amod'), head: 3 }, words[2]];
    expect(attributiveAdjective({ words: participle, target: 1 })).toBe(true);
    const hated = features({ pos: 'v', tag: 'VERB' });
    applyTreePos(hated, { ...treeWord('VERB', 'VBD', 'amod'), head: 3 }, 'hated', wordnetWith('a', 'v'));
    expect(hated).toMatchObject({ pos: 'a', tag: 'ADJ' });
    // The parse still decides a noun the trained parser reads as a noun.
    const noun = features({ pos: 'a', tag: 'ADJ' });
    applyParsePos(noun, role({ pos: 'n' }), { words, target: 2 });
    expect(noun).toMatchObject({ pos: 'n', posFromParse: true });
  });

  it('leaves a common noun the trained parser makes a subject, object or oblique to it where the parse reads a verb', () => {
    // "a portion of the ghetto wall": Link Grammar's verb, the trained parser's noun under "of".
    const wall = features({ pos: 'n', tag: 'NOUN' });
    const words = [treeWord('NOUN', 'NN', 'compound'), treeWord('NOUN', 'NN', 'obl')];
    applyParsePos(wall, role({ pos: 'v' }), { words, target: 1 });
    expect(wall).toMatchObject({ pos: 'n', tag: 'NOUN' });
    expect(wall.posFromParse).toBeUndefined();
    // "Part 2 discusses the operation of the model": Link Grammar's imperative, the trained parser's subject.
    const part = features({ pos: 'n', tag: 'NOUN' });
    applyParsePos(part, role({ pos: 'v' }), {
      words: [treeWord('NOUN', 'NN', 'nsubj'), treeWord('NUM', 'CD', 'nummod')],
      target: 0,
    });
    expect(part).toMatchObject({ pos: 'n', tag: 'NOUN' });
    expect(part.posFromParse).toBeUndefined();
    // A noun hung on a noun is not one: "Farmers in the region face a difficult choice" is the
    // trained parser's "region face" and Link Grammar's verb, which stands.
    const face = features({ pos: 'n', tag: 'NOUN' });
    applyParsePos(face, role({ pos: 'v' }), {
      words: [treeWord('NOUN', 'NN', 'obl'), treeWord('NOUN', 'NN', 'nmod')],
      target: 1,
    });
    expect(face).toMatchObject({ pos: 'v', posFromParse: true });
    // Where the trained parser makes the noun the root, the parse's verb stands ("But Voltaire perseveres").
    const perseveres = features({ pos: 'n', tag: 'NOUN' });
    applyParsePos(perseveres, role({ pos: 'v' }), {
      words: [treeWord('PROPN', 'NNP', 'nsubj'), treeWord('NOUN', 'NNS', 'root')],
      target: 1,
    });
    expect(perseveres).toMatchObject({ pos: 'v', posFromParse: true });
  });

  it('leaves a verb the trained parser joins to another verb to it where the parse reads a noun', () => {
    // "ready to complain or desert at any opportunity": Link Grammar's noun desert.
    const words = [
      { ...treeWord('VERB', 'VB', 'xcomp'), head: 0 },
      { ...treeWord('VERB', 'VB', 'conj'), head: 1 },
    ];
    const desert = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(desert, role({ pos: 'n' }), { words, target: 1 });
    expect(desert).toMatchObject({ pos: 'v', tag: 'VERB' });
    expect(desert.posFromParse).toBeUndefined();
    // Joined to a noun, the parse's noun stands.
    const nouns = [
      { ...treeWord('NOUN', 'NN', 'obj'), head: 0 },
      { ...treeWord('VERB', 'VB', 'conj'), head: 1 },
    ];
    const other = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(other, role({ pos: 'n' }), { words: nouns, target: 1 });
    expect(other).toMatchObject({ pos: 'n', posFromParse: true });
  });

  it('keeps no adjective the trained parser tags a plural noun, nor a noun WordNet has only as an adjective', () => {
    // "received hundreds of them": Link Grammar's number adjective.
    const hundreds = features({ pos: 'n', tag: 'NOUN' });
    applyParsePos(hundreds, role({ pos: 'a' }), { words: [treeWord('NOUN', 'NNS', 'obj')], target: 0 });
    expect(hundreds).toMatchObject({ pos: 'n', tag: 'NOUN' });
    expect(hundreds.posFromParse).toBeUndefined();
    // "one had been too many": Link Grammar's noun, the trained parser's adjective.
    const words = [treeWord('ADJ', 'JJ')];
    const many = features({ pos: 'a', tag: 'ADJ' });
    applyParsePos(many, role({ pos: 'n' }), { words, target: 0 }, (pos) => pos === 'a');
    expect(many).toMatchObject({ pos: 'a', tag: 'ADJ' });
    // Where WordNet has the noun too, the parse's noun stands ("he is not an eccentric").
    const eccentric = features({ pos: 'a', tag: 'ADJ' });
    applyParsePos(eccentric, role({ pos: 'n' }), { words, target: 0 }, (pos) => pos === 'a' || pos === 'n');
    expect(eccentric).toMatchObject({ pos: 'n', posFromParse: true });
  });

  it('keeps no noun the trained parser reads as a progressive verb', () => {
    // "find out what's happening": Link Grammar's noun (an event).
    const words = [
      { ...treeWord('PRON', 'WP', 'nsubj'), form: 'what', head: 3 },
      { ...treeWord('AUX', 'VBZ', 'aux'), form: "'s", head: 3 },
      { ...treeWord('VERB', 'VBG', 'ccomp'), form: 'happening' },
    ];
    const happening = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(happening, role({ pos: 'n' }), { words, target: 2 });
    expect(happening).toMatchObject({ pos: 'v', tag: 'VERB' });
    expect(happening.posFromParse).toBeUndefined();
    // Without be before it ("the killing of the bird" read as a verb by the tree), the parse's noun stands.
    const killing = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(killing, role({ pos: 'n' }), { words: [words[0], { ...words[1], form: 'has' }, words[2]], target: 2 });
    expect(killing).toMatchObject({ pos: 'n', posFromParse: true });
  });

  it('keeps no noun the trained parser reads as a verb after a modal or "to"', () => {
    // "a publisher will find himself reviewed": Link Grammar's compound noun "publisher will find".
    const words = [
      { ...treeWord('NOUN', 'NN', 'nsubj'), form: 'publisher', head: 3 },
      { ...treeWord('AUX', 'MD', 'aux'), form: 'will', head: 3 },
      { ...treeWord('VERB', 'VB', 'root'), form: 'find' },
    ];
    const find = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(find, role({ pos: 'n' }), { words, target: 2 });
    expect(find).toMatchObject({ pos: 'v', tag: 'VERB' });
    expect(find.posFromParse).toBeUndefined();
    // "ambition to exercise power": the same after "to".
    const toWords = [{ ...treeWord('PART', 'TO', 'mark'), form: 'to', head: 2 }, treeWord('VERB', 'VB', 'acl')];
    const exercise = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(exercise, role({ pos: 'n' }), { words: toWords, target: 1 });
    expect(exercise).toMatchObject({ pos: 'v', tag: 'VERB' });
    // A modal beside the word that is not its own (attached elsewhere in the tree) leaves the parse's noun.
    const noun = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(noun, role({ pos: 'n' }), { words: [{ ...words[1], head: 0 }, words[2]], target: 1 });
    expect(noun).toMatchObject({ pos: 'n', posFromParse: true });
  });

  it("leaves the tagger's closed classes, and a reading the parse is unsure of", () => {
    const the = features({ pos: 'x', tag: 'DET' });
    applyParsePos(the, role({ pos: 'n' }));
    expect(the).toEqual(features({ pos: 'x', tag: 'DET' }));
    const unsure = features({ pos: 'v', tag: 'VERB' });
    applyParsePos(unsure, role({ pos: 'n', transitivity: 'obj', confident: false }));
    applyParsePos(unsure, undefined);
    expect(unsure).toEqual(features({ pos: 'v', tag: 'VERB' }));
  });
});

describe("the trained tagger's part of speech", () => {
  it('decides where the parse is not sure ("would curse" is a verb)', () => {
    const f = features({ pos: 'n', tag: 'NOUN' });
    applyTreePos(f, treeWord('VERB', 'VB'), 'curse', wordnetWith('n', 'v'));
    expect(f).toMatchObject({ pos: 'v', tag: 'VERB' });
  });

  it("reads a number, a quantifier before its noun and a verb's particle as WordNet's adjective or adverb", () => {
    const two = features({ pos: 'x', tag: 'NUM' });
    applyTreePos(two, treeWord('NUM', 'CD', 'nummod'), 'two', wordnetWith('n', 'a'));
    expect(two).toMatchObject({ pos: 'a', tag: 'ADJ' });
    const all = features({ pos: 'x', tag: 'DET' });
    applyTreePos(all, treeWord('DET', 'DT', 'det'), 'all', wordnetWith('a'));
    expect(all).toMatchObject({ pos: 'a', tag: 'ADJ' });
    // Standing for its noun ("some of the queens").
    const some = features({ pos: 'x', tag: 'DET' });
    applyTreePos(some, treeWord('DET', 'DT', 'nsubj'), 'some', wordnetWith('a', 'r'));
    expect(some).toMatchObject({ pos: 'a', tag: 'ADJ' });
    const that = features({ pos: 'x', tag: 'DET' });
    applyTreePos(that, treeWord('DET', 'DT', 'nsubj'), 'that', wordnetWith('r'));
    expect(that).toEqual(features({ pos: 'x', tag: 'DET' }));
    const the = features({ pos: 'x', tag: 'DET' });
    applyTreePos(the, treeWord('DET', 'DT', 'det'), 'the', wordnetWith());
    expect(the).toEqual(features({ pos: 'x', tag: 'DET' }));
    const down = features({ pos: 'x', tag: 'ADP' });
    applyTreePos(down, treeWord('ADP', 'RP', 'compound:prt'), 'down', wordnetWith('r'));
    expect(down).toMatchObject({ pos: 'r', tag: 'ADV' });
  });

  it('reads an adverb the trained parser hangs on a noun as its adjective ("the later Stoic conception")', () => {
    const later = features({ pos: 'a', tag: 'ADJ' });
    applyTreePos(later, treeWord('ADV', 'RBR', 'amod'), 'later', wordnetWith('a', 'r'));
    expect(later).toMatchObject({ pos: 'a', tag: 'ADJ' });
    // "came later": the adverb.
    const came = features({ pos: 'a', tag: 'ADJ' });
    applyTreePos(came, treeWord('ADV', 'RBR', 'advmod'), 'later', wordnetWith('a', 'r'));
    expect(came).toMatchObject({ pos: 'r', tag: 'ADV' });
    expect(treeWordPos(treeWord('ADV', 'RBR', 'amod'))).toBe('a');
    expect(treeWordPos(treeWord('ADV', 'RBR', 'advmod'))).toBe('r');
    expect(treeWordPos(undefined)).toBe('x');
  });

  it('reads "next" before "to" as the adjective, whatever either parser says', () => {
    const to = { ...treeWord('ADP', 'IN', 'case'), form: 'to' };
    const next = { ...treeWord('ADV', 'RB', 'case'), form: 'next' };
    // "the room next to theirs": Link Grammar's sure adverb gives way, then the tagger's adverb.
    const f = features({ pos: 'r', tag: 'ADV' });
    applyParsePos(f, role({ pos: 'r' }), { words: [next, to], target: 0 }, () => true);
    expect(f.posFromParse).toBeUndefined();
    applyTreePos(f, next, 'next', wordnetWith('a', 'r'), undefined, to);
    expect(f).toMatchObject({ pos: 'a', tag: 'ADJ' });
    // "next week", "what comes next": as the tagger reads it.
    const week = features({ pos: 'r', tag: 'ADV' });
    applyTreePos(week, next, 'next', wordnetWith('a', 'r'), undefined, { ...treeWord('NOUN', 'NN', 'obl'), form: 'week' });
    expect(week).toMatchObject({ pos: 'r', tag: 'ADV' });
  });

  it("reads a modal's form after a determiner or possessive as the noun", () => {
    const might = features({ pos: 'x', tag: 'AUX' });
    applyTreePos(might, treeWord('AUX', 'MD', 'obl'), 'might', wordnetWith('n'), treeWord('PRON', 'PRP$', 'nmod:poss'));
    expect(might).toMatchObject({ pos: 'n', tag: 'NOUN' });
    // "You might be right": the modal.
    const modal = features({ pos: 'x', tag: 'AUX' });
    applyTreePos(modal, treeWord('AUX', 'MD', 'aux'), 'might', wordnetWith('n'), treeWord('PRON', 'PRP', 'nsubj'));
    expect(modal).toEqual(features({ pos: 'x', tag: 'AUX' }));
  });

  it('leaves a sure parse and a participle read as an adjective, but tells a main verb from an auxiliary', () => {
    const sure = features({ pos: 'v', tag: 'AUX', posFromParse: true });
    applyTreePos(sure, treeWord('VERB', 'VBZ'), 'has', wordnetWith('v'));
    expect(sure).toMatchObject({ pos: 'v', tag: 'VERB' });
    const married = features({ pos: 'a', tag: 'ADJ' });
    applyTreePos(married, treeWord('VERB', 'VBN'), 'married', wordnetWith('a', 'v'));
    expect(married).toEqual(features({ pos: 'a', tag: 'ADJ' }));
    const untold = features({ pos: 'n', tag: 'NOUN' });
    applyTreePos(untold, undefined, 'bank', wordnetWith('n', 'v'));
    expect(untold).toEqual(features({ pos: 'n', tag: 'NOUN' }));
  });
});
