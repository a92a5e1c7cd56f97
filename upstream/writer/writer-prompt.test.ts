import { describe, expect, it } from 'vitest';
import { parseWriterReviewData, type WriterReviewSection } from '../../lib/contract';
import { createSectionSplitter, writerReviewMessages } from './writer-prompt';

function split(pieces: string[]) {
  const out: Record<WriterReviewSection, string> = { review: '', corrected: '', band: '' };
  const splitter = createSectionSplitter((section, content) => {
    out[section] += content;
  });
  for (const piece of pieces) splitter.push(piece);
  splitter.end();
  return out;
}

describe('the writer’s prompt and the model’s sections', () => {
  it('splits the model’s text at its markers, however the pieces cut them', () => {
    const text = '【点评】\n结构清楚。\n【修改稿】\nI like it.\n【预估分数】\n约 10 分';
    const whole = split([text]);
    expect(whole).toEqual({ review: '结构清楚。\n', corrected: 'I like it.\n', band: '约 10 分' });
    // One character at a time gives the same.
    expect(split([...text])).toEqual(whole);
  });

  it('keeps brackets that are no marker, and text before the first marker as review', () => {
    expect(split(['开头。', '【注】这不是标题', '【点评】', '好。'])).toEqual({
      review: '开头。【注】这不是标题好。',
      corrected: '',
      band: '',
    });
    // An unclosed bracket is given back at the end.
    expect(split(['结尾【未完']).review).toBe('结尾【未完');
  });

  it('puts the expert instruction, the scale and the offline findings in the system prompt', () => {
    const [system, user] = writerReviewMessages(
      'He go home.',
      'ielts',
      [{ kind: 'agreement', start: 3, end: 5, text: 'go', message: '', suggestions: ['goes'] }],
      '  先表扬，再指出问题。 ',
    );
    expect(system.role).toBe('system');
    expect(system.content).toContain('本站教师对你的要求（请遵照执行）：\n先表扬，再指出问题。');
    expect(system.content).toContain('IELTS');
    expect(system.content).toContain('[agreement] “go” → goes');
    expect(user).toEqual({ role: 'user', content: 'He go home.' });
    expect(writerReviewMessages('x', 'general', [])[0].content).not.toContain('本站教师');
  });

  it('reads the stream’s messages by the contract', () => {
    expect(parseWriterReviewData('{"section":"band","content":"9"}')).toEqual({ type: 'piece', section: 'band', content: '9' });
    expect(parseWriterReviewData('{"completed":true,"model":"m"}')).toEqual({ type: 'done', model: 'm' });
    expect(parseWriterReviewData('{"status":"503","description":"需要模型"}')).toEqual({
      type: 'refusal',
      status: '503',
      description: '需要模型',
    });
    expect(parseWriterReviewData('not json')).toEqual({ type: 'other' });
    expect(parseWriterReviewData('{"section":"other","content":"x"}')).toEqual({ type: 'other' });
  });
});
