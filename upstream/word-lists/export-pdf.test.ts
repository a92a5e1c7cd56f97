import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../tests/support/pdf-text';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

describe('export_pdf: a word list as a printable PDF', () => {
  let upstream: TestUpstream;
  let token: string;
  beforeAll(async () => {
    upstream = await startTestUpstream();
    token = await logInByEmail(upstream, 'printer@example.com');
    for (const [word, sentence] of [
      ['thorough', 'The police made a thorough search of the house.'],
      ['measure', 'They measured the room before buying the carpet.'],
      ['vision', ''],
    ] as const) {
      const marked = await upstream.call('set_strange_status', { word, strange: 1, from: 'course', sentence }, bearer(token));
      expect(marked.body.status).toBe('OK');
    }
  }, 60_000);
  afterAll(() => upstream.stop());

  const exportPdf = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${upstream.url}/api/export_pdf?${query}`, { headers });

  it('asks for a login first', async () => {
    const answer = await exportPdf('source=word_list&strange=1');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ status: '401' });
  });

  it("prints the learner's 生词本 with each word's IPA and Chinese, as a download with a Chinese name", async () => {
    const answer = await exportPdf('source=word_list&strange=1', bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    // The test clock stands at 2026-03-02 02:00 UTC, 10:00 in Beijing.
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="yujing-unfamiliar-words-2026-03-02.pdf"; filename*=UTF-8''${encodeURIComponent('语境-生词本-2026-03-02.pdf')}`,
    );
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.byteLength);
    const { text, pages } = readPdf(bytes);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('生词本');
    expect(flat).toContain('共3个单词');
    expect(flat).toMatch(/thorough英\/ˈθʌrə\/美\/ˈθɝoʊ\//);
    expect(flat).toMatch(/adj\.[^a-z]*彻底的/);
    expect(flat).toMatch(/vision.*\/ˈvɪʒ/);
    expect(flat).toContain('Thepolicemadeathoroughsearchofthehouse.');
  });

  it('leaves out the examples or the Chinese when asked', async () => {
    const plain = await exportPdf('source=word_list&strange=1&examples=0&chinese=0', bearer(token));
    expect(plain.status).toBe(200);
    const { text } = readPdf(new Uint8Array(await plain.arrayBuffer()));
    expect(text).toContain('thorough');
    expect(text).toMatch(/ˈθʌrə/);
    expect(text).not.toContain('彻底');
    expect(text).not.toContain('police');
  });

  it('answers exports asked at the same time each with its own sheet', async () => {
    const [full, plain] = await Promise.all([
      exportPdf('source=word_list&strange=1', bearer(token)),
      exportPdf('source=word_list&strange=1&chinese=0', bearer(token)),
    ]);
    const fullText = readPdf(new Uint8Array(await full.arrayBuffer())).text;
    const plainText = readPdf(new Uint8Array(await plain.arrayBuffer())).text;
    expect(fullText).toContain('彻底');
    expect(plainText).not.toContain('彻底');
    for (const text of [fullText, plainText]) expect(text.replace(/\s+/g, '')).toContain('thorough英/ˈθʌrə/美/ˈθɝoʊ/');
  });

  it('answers an empty list with a clear message instead of an empty file', async () => {
    const answer = await exportPdf('source=word_list&strange=0', bearer(token));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ status: 'empty_list', description: '熟词本里还没有单词，无法导出 PDF' });
  });

  it("prints one of the learner's named lists under its name, and no one else's", async () => {
    const made = await upstream.call('add_word_list', { name: '四级 阅读' }, bearer(token));
    const listId = made.body.data.list.list_id as number;
    const added = await upstream.call(
      'add_multi_word_list',
      {
        list_id: listId,
        words: [
          { word: 'resilient', sentence: 'Children are often remarkably resilient.' },
          { word: 'abundant', sentence: '' },
        ],
      },
      bearer(token),
    );
    expect(added.body.data.added).toBe(2);
    const answer = await exportPdf(`source=named_list&list_id=${listId}`, bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(`yujing-word-list-${listId}-2026-03-02.pdf`);
    expect(answer.headers.get('content-disposition')).toContain(encodeURIComponent('语境-四级 阅读-2026-03-02.pdf'));
    const flat = readPdf(new Uint8Array(await answer.arrayBuffer())).text.replace(/\s+/g, '');
    expect(flat).toContain('共2个单词');
    expect(flat).toMatch(/resilient英\/rɪˈzɪlɪənt\//);
    expect(flat).toContain('Childrenareoftenremarkablyresilient.');
    expect(flat).toMatch(/abundant.*丰富/);

    const other = await logInByEmail(upstream, 'someone-else@example.com');
    const foreign = await exportPdf(`source=named_list&list_id=${listId}`, bearer(other));
    expect(foreign.status).toBe(404);
    const malformed = await exportPdf('source=named_list&list_id=abc', bearer(token));
    expect(malformed.status).toBe(400);
  });

  it("prints a word book's unit in book order, with each word's IPA and Chinese", async () => {
    const unit = await exportPdf('source=course_unit&course_id=cet4-word&unit_id=1', bearer(token));
    expect(unit.status).toBe(200);
    expect(unit.headers.get('content-disposition')).toContain('yujing-cet4-word-unit-1-2026-03-02.pdf');
    const units = await upstream.call('query_words', { course_id: 'cet4-word', unit: 1 }, bearer(token));
    const words: { word: string; senses: { meaning: string }[] }[] = units.body.data.words;
    const flat = readPdf(new Uint8Array(await unit.arrayBuffer())).text.replace(/\s+/g, '');
    expect(flat).toContain(`共${words.length}个单词`);
    let at = -1;
    for (const word of words) {
      const next = flat.indexOf(word.word, at + 1);
      expect(next, word.word).toBeGreaterThan(at);
      at = next;
    }
    expect(flat).toContain(words[0].senses[0].meaning.replace(/\s+/g, ''));
  });

  it('refuses units that are not a word book’s, and malformed sources', async () => {
    for (const query of [
      'course_id=cet4-word&unit_id=0',
      'course_id=cet4-word&unit_id=99999',
      'course_id=cet4-sentence&unit_id=1',
      'course_id=nope&unit_id=1',
    ]) {
      const unit = await exportPdf(`source=course_unit&${query}`, bearer(token));
      expect(unit.status, query).toBe(404);
    }
    for (const query of ['source=word_list', 'source=word_list&strange=2', 'source=shelf']) {
      const bad = await exportPdf(query, bearer(token));
      expect(bad.status, query).toBe(400);
    }
  });
});
