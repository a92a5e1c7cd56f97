import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConllu } from './conllu';
import { readTreebank } from './treebank';

const sentence = (id: string, text: string, lines: string[]) =>
  [`# sent_id = ${id}`, `# text = ${text}`, ...lines, ''].join('\n');
const dont = sentence('doc-1', "I don't know.", [
  '1\tI\tI\tPRON\tPRP\tCase=Nom|Number=Sing|Person=1|PronType=Prs\t4\tnsubj\t4:nsubj\t_',
  "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\t_",
  '2\tdo\tdo\tAUX\tVBP\tMood=Ind|Tense=Pres|VerbForm=Fin\t4\taux\t4:aux\t_',
  "3\tn't\tnot\tPART\tRB\tPolarity=Neg\t4\tadvmod\t4:advmod\t_",
  '4\tknow\tknow\tVERB\tVB\tVerbForm=Inf\t0\troot\t0:root\tSpaceAfter=No',
  '4.1\tknows\tknow\tVERB\tVBZ\t_\t_\t_\t4:conj\t_',
  '5\t.\t.\tPUNCT\t.\t_\t4\tpunct\t4:punct\t_',
]);

describe('CoNLL-U', () => {
  it('reads the words of the basic tree, without multiword tokens and empty nodes', () => {
    const [read] = readConllu(dont);
    expect(read.id).toBe('doc-1');
    expect(read.text).toBe("I don't know.");
    expect(read.words.map((w) => [w.form, w.upos, w.head, w.deprel])).toEqual([
      ['I', 'PRON', 4, 'nsubj'],
      ['do', 'AUX', 4, 'aux'],
      ["n't", 'PART', 4, 'advmod'],
      ['know', 'VERB', 0, 'root'],
      ['.', 'PUNCT', 4, 'punct'],
    ]);
    expect(read.words[0].feats).toEqual({ Case: 'Nom', Number: 'Sing', Person: '1', PronType: 'Prs' });
    expect(read.words[3].noSpaceAfter).toBe(true);
    // "do" and "n't" are one token in the text: no space between them, and one after "n't".
    expect(read.words.map((w) => w.noSpaceAfter ?? false)).toEqual([false, true, false, true, false]);
  });

  it('names a malformed line', () => {
    expect(() => readConllu('1\tI\tI\n')).toThrow(/line 1: 3 fields/);
  });

  it('rebuilds the train split from the sources when the train file is missing: every sentence in neither dev nor test', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ewt-'));
    try {
      const word = '1\tHi\thi\tINTJ\tUH\t_\t0\troot\t0:root\t_';
      mkdirSync(path.join(dir, 'not-to-release', 'sources', 'email'), { recursive: true });
      mkdirSync(path.join(dir, 'not-to-release', 'file-lists'), { recursive: true });
      writeFileSync(path.join(dir, 'en_ewt-ud-dev.conllu'), sentence('a-2', 'Hi', [word]));
      writeFileSync(path.join(dir, 'en_ewt-ud-test.conllu'), sentence('b-1', 'Hi', [word]));
      writeFileSync(path.join(dir, 'en_ewt-ud-train.conllu'), 'version https://git-lfs.github.com/spec/v1\n');
      writeFileSync(
        path.join(dir, 'not-to-release', 'sources', 'email', 'a.conllu'),
        ['a-1', 'a-2', 'a-3'].map((id) => sentence(id, 'Hi', [word])).join('\n'),
      );
      writeFileSync(
        path.join(dir, 'not-to-release', 'sources', 'email', 'b.conllu'),
        ['b-1', 'b-2'].map((id) => sentence(id, 'Hi', [word])).join('\n'),
      );
      writeFileSync(path.join(dir, 'not-to-release', 'file-lists', 'files.train'), 'email/b.conllu\nemail/a.conllu\n');
      const treebank = readTreebank(dir);
      expect(treebank.trainFrom).toBe('rebuilt');
      expect(treebank.train.map((s) => s.id)).toEqual(['b-2', 'a-1', 'a-3']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
