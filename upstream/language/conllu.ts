import type { UdSentence, UdWord } from './ud';

/*
 * CoNLL-U (https://universaldependencies.org/format.html): a sentence is its comment lines
 * (`# sent_id = …`, `# text = …`) and one line per word with ten tab-separated fields, ended by a
 * blank line. Multiword token lines (`1-2`, "don't" over "do" and "n't") and empty nodes of the
 * enhanced graph (`8.1`) are not words of the basic tree and are left out; the words keep their
 * own numbering. What the token line says about spacing passes to its words: no space falls
 * between the words of one token ("do" and "n't"), and its SpaceAfter=No is its last word's.
 */

const feature = (field: string): Record<string, string> =>
  field === '_' || field === ''
    ? {}
    : Object.fromEntries(
        field.split('|').map((pair) => {
          const at = pair.indexOf('=');
          return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
        }),
      );

/** The sentences of a CoNLL-U text, in order. Throws on a malformed word line, naming it. */
export function readConllu(text: string): UdSentence[] {
  const sentences: UdSentence[] = [];
  let comments: Record<string, string> = {};
  let words: UdWord[] = [];
  /** The multiword token being read: its last word's id, and whether no space follows it. */
  let token: { last: number; noSpaceAfter: boolean } | undefined;
  const finish = () => {
    if (words.length) sentences.push({ id: comments.sent_id, text: comments.text ?? words.map((w) => w.form).join(' '), words });
    comments = {};
    words = [];
  };
  for (const [n, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') {
      finish();
      continue;
    }
    if (line.startsWith('#')) {
      const match = /^#\s*([\w.-]+)\s*=\s?(.*)$/.exec(line);
      if (match) comments[match[1]] = match[2];
      continue;
    }
    const fields = line.split('\t');
    if (fields.length !== 10) throw new Error(`CoNLL-U line ${n + 1}: ${fields.length} fields, not 10`);
    const [id, form, lemma, upos, xpos, feats, head, deprel, , misc] = fields;
    if (id.includes('-')) {
      token = { last: Number(id.split('-')[1]), noSpaceAfter: misc.split('|').includes('SpaceAfter=No') };
      continue;
    }
    if (id.includes('.')) continue;
    if (Number(id) !== words.length + 1) throw new Error(`CoNLL-U line ${n + 1}: word ${id} out of order`);
    words.push({
      form,
      lemma,
      upos,
      xpos: xpos === '_' ? '' : xpos,
      feats: feature(feats),
      head: Number(head),
      deprel,
      ...(misc.split('|').includes('SpaceAfter=No') ? { noSpaceAfter: true } : {}),
    });
    if (token && Number(id) <= token.last) {
      const inner = Number(id) < token.last;
      if (inner || token.noSpaceAfter) words[words.length - 1].noSpaceAfter = true;
      if (!inner) token = undefined;
    }
  }
  finish();
  return sentences;
}
