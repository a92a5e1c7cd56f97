import { describe, expect, it } from 'vitest';
import { testGrammarCatalogue } from '../../tests/support/test-grammar';
import { tutorMessages } from './prompt';

describe("the tutor's prompt", () => {
  const conversation = { sentence: 'She looked forward to the trip.', analysis: null };
  const position = { label: '主句', start: 0, end: 6, question: '这里的 to 是什么词？' };

  it("carries the experts' current instruction in the system message, after the role", () => {
    const [system, ...rest] = tutorMessages(conversation, position, [], testGrammarCatalogue(), '  先给结论，再举例。 ');
    expect(system.role).toBe('system');
    expect(system.content).toContain('本站教师对你的要求');
    expect(system.content).toContain('先给结论，再举例。');
    expect(system.content.indexOf('先给结论')).toBeLessThan(system.content.indexOf('句子：'));
    expect(rest.at(-1)).toEqual({ role: 'user', content: position.question });
  });

  it('has no such part when no instruction is written', () => {
    for (const instruction of [undefined, '   ']) {
      const [system] = tutorMessages(conversation, position, [], testGrammarCatalogue(), instruction);
      expect(system.content).not.toContain('本站教师对你的要求');
    }
  });
});
