import { describe, expect, it } from 'vitest';
import { documentFolds, keyMapper, keyPos, parseTagfile } from './semcor';

const file = `<contextfile concordance=brown>
<context filename=br-a01 paras=yes>
<p pnum=1>
<s snum=1>
<wf cmd=ignore pos=DT>The</wf>
<wf cmd=done rdf=group pos=NNP lemma=group wnsn=1 lexsn=1:03:00:: pn=group>Fulton_County_Grand_Jury</wf>
<wf cmd=done pos=VB lemma=say wnsn=1 lexsn=2:32:00::>said</wf>
<wf cmd=done pos=NN lemma=year wnsn=2;1 lexsn=1:28:02::;1:28:01::>year</wf>
<wf cmd=done pos=VBD ot=notag>was</wf>
<wf cmd=tag pos=NNS>statements</wf>
<wf cmd=done pos=JJ lemma=recent wnsn=2 lexsn=5:00:00:past:00>recent</wf>
<punc>&amp;</punc>
</s>
</p>
<p pnum=2>
<s snum=2>
<wf cmd=done pos=VB lemma=Take_Place wnsn=1 lexsn=2:30:00::>took_place</wf>
</s>
</p>
</context>
</contextfile>
`;

describe('SemCor tag files', () => {
  it('reads sentences, words, lemmas and WordNet 3.0 sense keys', () => {
    const doc = parseTagfile(file, 'brown1/br-a01', 'brown1');
    expect(doc.sentences).toHaveLength(2);
    const [first, second] = doc.sentences;
    expect(first.words.map((w) => w.form)).toEqual([
      'The',
      'Fulton_County_Grand_Jury',
      'said',
      'year',
      'was',
      'statements',
      'recent',
      '&',
    ]);
    // A proper name, tagged by its class, says so.
    expect(first.words[1]).toEqual({
      form: 'Fulton_County_Grand_Jury',
      pos: 'NNP',
      lemma: 'group',
      keys: ['group%1:03:00::'],
      name: true,
    });
    expect(first.words[2].name).toBeUndefined();
    // Two senses given by the annotators: both kept.
    expect(first.words[3].keys).toEqual(['year%1:28:02::', 'year%1:28:01::']);
    // Words left without a sense: no lemma, no key.
    expect(first.words[0].keys).toBeUndefined();
    expect(first.words[4].keys).toBeUndefined();
    expect(first.words[5].keys).toBeUndefined();
    expect(first.words[6].keys).toEqual(['recent%5:00:00:past:00']);
    expect(second.words[0]).toMatchObject({ lemma: 'take_place', keys: ['take_place%2:30:00::'] });
  });

  it("tells a key's part of speech, satellites as adjectives", () => {
    expect(['bank%1:17:01::', 'say%2:32:00::', 'good%3:00:01::', 'far%4:02:00::', 'recent%5:00:00:past:00'].map(keyPos)).toEqual([
      'n',
      'v',
      'a',
      'r',
      'a',
    ]);
  });

  it('keeps the WordNet 3.0 keys WordNet 3.1 has and counts the rest', () => {
    const { map, counts } = keyMapper((lemma) => (lemma === 'bank' ? ['bank%1:14:00::', 'bank%1:17:01::'] : []));
    expect(map(['bank%1:17:01::', 'bank%1:99:00::'], 'bank')).toEqual(['bank%1:17:01::']);
    expect(map(["n't%4:02:00::"], "n't")).toEqual([]);
    expect(counts.keys).toBe(3);
    expect(counts.mapped).toBe(1);
    expect([...counts.unmapped.keys()]).toEqual(['bank%1:99:00::', "n't%4:02:00::"]);
  });

  it('deals whole documents into folds in turn', () => {
    expect(documentFolds(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([
      ['a', 'c', 'e'],
      ['b', 'd'],
    ]);
  });
});
