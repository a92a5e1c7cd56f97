import type { GrammarObject, GrammarPointHit } from '../../lib/contract';
import type { DetectorInput, GrammarCatalogue } from '../../upstream/analysis/types';

/*
 * A small grammar catalogue for tests of the calls around the real one: two points with simple
 * detectors over the words, so that a test knows what a sentence carries whatever the real
 * catalogue finds.
 */

const point = (name: string, category: string, summary: string, example: string): GrammarObject => ({
  name,
  category,
  summary,
  explanation: {
    explanation: {
      title: name,
      content: [
        { text_type: 'h2', text: name },
        { text_type: 'md', text: `**${name}**：${summary}` },
      ],
    },
  },
  examples: [{ first: example }],
});

export const passiveVoice = point('被动语态', '语态', '主语是动作的承受者：be + 过去分词。', 'The window was broken by the boy.');
export const simplePast = point('一般过去时', '时态', '过去发生的动作或存在的状态。', 'I finished it in one night.');

const beForms = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being']);

function detect({ words }: DetectorInput): GrammarPointHit[] {
  const hits: GrammarPointHit[] = [];
  const lower = words.map((w) => w.toLowerCase());
  lower.forEach((word, i) => {
    const next = lower[i + 1] ?? '';
    if (beForms.has(word) && /(ed|en)$/.test(next)) hits.push({ name: passiveVoice.name, start: i, end: i + 2 });
  });
  lower.forEach((word, i) => {
    if (['was', 'were', 'finished', 'lent'].includes(word)) hits.push({ name: simplePast.name, start: i, end: i + 1 });
  });
  return hits.sort((a, b) => a.start - b.start);
}

export function testGrammarCatalogue(): GrammarCatalogue {
  const points = [passiveVoice, simplePast];
  return { points, byName: (name) => points.find((p) => p.name === name), detect };
}
