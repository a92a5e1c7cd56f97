import { describe, expect, it } from 'vitest';
import { createChineseMatcher } from './chinese';
import { openEcdict } from './ecdict';
import { openWordNet } from './wordnet';

const wordnet = openWordNet();
const chinese = createChineseMatcher(wordnet, openEcdict());
const sense = (key: string, label: string) => {
  const lemma = key.slice(0, key.indexOf('%'));
  const s = wordnet.senses(lemma).find((x) => x.key === key)!;
  return chinese.forSense(lemma, wordnet.synset(s.pos, s.offset), label);
};

describe('Chinese for a WordNet sense', () => {
  it('gives the river bank 岸 and the money bank 银行', () => {
    const river = sense('bank%1:17:01::', 'n.');
    const money = sense('bank%1:14:00::', 'n.');
    expect(river?.simple).toMatch(/岸|堤/);
    expect(river?.simple).not.toContain('银行');
    expect(money?.simple).toContain('银行');
    expect(money?.matched).toBe(true);
  });

  it('reads no meaning into the words a definition frames it with', () => {
    // lose touch: "fail to keep or to maintain"; 失败 (fail) is another meaning of lose.
    expect(sense('lose%2:40:02::', 'vt.')?.simple ?? '').not.toContain('失败');
  });

  it('picks the item of its own part of speech and sense', () => {
    expect(sense('leave%1:10:00::', 'n.')?.simple).toContain('许可'); // permission
    expect(sense('leave%2:38:01::', 'vi.')?.simple).toContain('离开'); // go away
    expect(sense('leaf%1:10:00::', 'n.')?.simple).toContain('页'); // a sheet of a book
  });

  it('gives a sense the one item of its line that no other sense takes', () => {
    // move, n.: 移动 is the motion's, 迁居 the change of residence's; the move one decides on
    // ("the central bank's move") is left 步骤, not 移动.
    const decision = sense('move%1:04:00::', 'n.');
    expect(decision?.simple).toBe('步骤');
    expect(sense('move%1:04:01::', 'n.')?.simple).toContain('迁居');
    expect(sense('move%1:04:03::', 'n.')?.simple).toContain('移动');
    // A rarer sense that nothing supports gets no leftover: the commoner one took it.
    expect(sense('move%1:04:02::', 'n.')?.simple ?? '').not.toBe('步骤');
  });

  it("never offers a subject field's note as a rendering", () => {
    // ECDICT's "[计] 移动; 传送; DOS外部命令:移动文件, 它可将文件移动到指定的地方" and "[计] TOP协议".
    const items = (word: string) => chinese.linesOf(word).flatMap((l) => l.items);
    expect(items('move')).toContain('传送');
    expect(items('move').some((i) => /[:：]|它可将/.test(i))).toBe(false);
    expect(items('top').some((i) => /TOP/.test(i))).toBe(false);
    for (const s of wordnet.senses('move')) {
      const zh = chinese.forSense('move', wordnet.synset(s.pos, s.offset), s.pos === 'n' ? 'n.' : 'vt.');
      expect(zh?.full ?? '').not.toMatch(/[:：]|它可将|DOS/);
    }
  });

  it('shows no Chinese when nothing supports a candidate, rather than the whole line', () => {
    // "a row of similar objects": 银行, 堤, 岸 fit it no more than the ridge ("a bank of earth"),
    // the commoner sense, which takes the one item the river and the money left it (堤).
    expect(sense('bank%1:17:00::', 'n.')?.simple).toBe('堤');
    expect(sense('bank%1:14:01::', 'n.')).toBeUndefined();
    // Time off work: "take off" is 拿掉, 取消, 起飞… in ECDICT, none of them that.
    const timeOff = sense('take_off%2:41:00::', 'vi.');
    expect(timeOff?.full ?? '').not.toMatch(/拿掉|取消|起飞/);
  });

  it('keeps the line of a word with one sense in the part of speech', () => {
    expect(sense('credit_card%1:21:00::', 'n.')?.simple).toContain('信用卡');
  });

  it('finds the money box through its synonyms, not the bank line', () => {
    const box = sense('bank%1:06:01::', 'n.'); // a container for keeping money at home
    expect(box?.simple).toMatch(/存钱罐|扑满|储蓄罐/);
    expect(box?.full).not.toContain('银行');
  });

  it('reads CC-CEDICT glosses to pick the item of the sense', () => {
    // 起飞: "to take off; to lift off" — the synonym lift_off.
    expect(sense('take_off%2:38:02::', 'vi.')?.simple).toBe('起飞');
  });

  it("borrows from the sense's synonyms or hypernyms when the word has no line for it", () => {
    // ECDICT gives "bank" only nouns; its verb senses still get Chinese.
    const verb = sense('bank%2:38:00::', 'v.');
    expect(verb?.full).toMatch(/[\u4e00-\u9fff]/);
    // "in" as indium: its noun line (执政者) fits no sense; the synonym indium gives 铟.
    expect(sense('in%1:27:00::', 'n.')?.simple).toBe('铟');
  });

  it('reads the Chinese of a word out of the compound its collocation makes', () => {
    const pair = (lemma: string, label: string, neighbour: string, neighbourLabel: string, neighbourFirst = false) =>
      chinese.inCollocation({ lemma, label, neighbour, neighbourLabel, neighbourFirst });
    // 大雨 = 大 + 雨 (rain): heavy is 大 here, part of its own 巨大的.
    expect(pair('heavy', 'adj.', 'rain', 'n.')).toMatchObject({ rendering: '大', word: '大雨', own: ['巨大的'] });
    // 河岸 = 河 (river) + 岸, in Chinese order: the modifier first.
    expect(pair('bank', 'n.', 'river', 'n.', true)).toMatchObject({ rendering: '岸', word: '河岸' });
    expect(pair('take', 'vt.', 'medicine', 'n.')).toMatchObject({ rendering: '吃', word: '吃药' });
    // 劲风 is "strong wind", but 劲 is none of strong's renderings: no claim.
    expect(pair('strong', 'adj.', 'wind', 'n.')).toBeUndefined();
    // The order must hold: 河岸 does not make river's neighbour bank come first.
    expect(pair('bank', 'n.', 'river', 'n.', false)).toBeUndefined();
  });

  it('gives a short Chinese for synonym lists', () => {
    expect(chinese.shortOf('riverbank', 'n')).toMatch(/河岸|河堤/);
    expect(chinese.shortOf('qzxvqzxv')).toBeUndefined();
  });

  it("gives a phrase no Chinese rather than ECDICT's word-by-word web rendering", () => {
    // ECDICT: "banking concern" → [网络] 银行关注.
    expect(chinese.shortOf('banking_concern', 'n')).toBeUndefined();
    expect(chinese.shortOf('savings_bank', 'n')).toBe('储蓄银行');
  });
});
