import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseUnitContent, coursesCalls } from '../../lib/contract';
import { createContentLibrary } from '../reading/library';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';
import { importQuestions, QuestionImportError, type QuestionFile } from './questions';

/*
 * The course-book calls over HTTP, on a library of a few documents written for the test: one easy
 * reading, one CET-4 paper with questions and one CET-6 paper without. The word books come from
 * the real ECDICT.
 */

const reading = [
  'The state of the garden made my mother very happy this spring.',
  'We planted small trees near the old wall behind our house.',
  'My little brother likes to water the flowers every morning before school.',
  '',
  'In the evening we sit outside and watch the birds come home.',
  'It is the best part of the day for all of us.',
].join('\n');

const paper = [
  'Many cities are trying to make their streets cooler in summer.',
  'Cities plant trees along busy roads, and they paint roofs white so that they reflect the sun.',
  'Researchers say that a city with more trees can be several degrees cooler than a city without them.',
  '',
  'However, planting trees costs money, and young trees need water for years.',
  'Some cities ask their citizens to help, and many people are glad to do so.',
].join('\n');

const questions: QuestionFile['questions'] = [
  {
    stem: 'What are many cities trying to do?',
    options: { A: 'Build roads', B: 'Make streets cooler', C: 'Sell roofs', D: 'Move people' },
    answer: 'B',
    explanation: '第一段第一句。',
  },
  {
    stem: 'Why are roofs painted white?',
    options: { A: 'To look clean', B: 'To save paint', C: 'To reflect the sun', D: 'To attract birds' },
    answer: 'C',
    evidence: 'they paint roofs white so that they reflect the sun',
    explanation: '第一段第二句：reflect the sun。',
  },
  { stem: 'What do young trees need?', options: { A: 'Water', B: 'Roofs' }, answer: 'A', explanation: '第二段第一句。' },
];

describe('the course-book calls', () => {
  let upstream: TestUpstream;
  let token: string;
  const call = (name: string, body: unknown, auth?: string) => upstream.call(name, body, auth ? bearer(auth) : {});

  beforeAll(async () => {
    upstream = await startTestUpstream();
    const library = createContentLibrary({ db: upstream.db, log: () => {}, now: upstream.clock.now });
    const doc = { source: 'written for the tests', licence: 'CC0' };
    await library.importDocument({ ...doc, category: 'reading', filename: 'our-garden', title: 'Our Garden', text: reading });
    await library.importDocument({
      ...doc,
      category: 'paper',
      sub_category: 'cet4',
      filename: '2024-06-1',
      title: 'CET-4 2024-06 Reading 1',
      year: 2024,
      text: paper,
    });
    await library.importDocument({
      ...doc,
      category: 'paper',
      sub_category: 'cet6',
      filename: '2023-12-1',
      title: 'CET-6 2023-12 Reading 1',
      year: 2023,
      text: paper,
    });
    // News is no part of any book.
    await library.importDocument({ ...doc, category: 'news', filename: 'todays-news', title: 'Today’s News', text: reading });
    await importQuestions(upstream.db, { category: 'paper', sub_category: 'cet4', filename: '2024-06-1', questions });
    token = await logInByEmail(upstream, 'learner@example.com');
  }, 60_000);
  afterAll(() => upstream.stop());

  it('lists a category’s books by type, with their sizes; a book with nothing in it is not listed', async () => {
    const answer = await call('query_course_names', { category: 'cet4' });
    expect(answer.http).toBe(200);
    expect(coursesCalls.query_course_names.response.parse(answer.body)).toBeTruthy();
    const { data } = answer.body;
    expect(data.label).toBe('四级');
    expect(data.courses.map((c: { id: string }) => c.id)).toEqual([
      'cet4-word',
      'cet4-sentence',
      'cet4-reading',
      'cet4-reading-question',
    ]);
    const words = data.courses[0];
    expect(words).toMatchObject({ type: 'word', name: '四级词汇', done_units: null });
    // ECDICT lists some 3,800 CET-4 words: 20 a unit, at most 10 units a level.
    expect(words.items).toBeGreaterThan(3_000);
    // Each stage's words make whole units of their own (the last of each may be short).
    expect(words.units).toBeGreaterThanOrEqual(Math.ceil(words.items / 20));
    expect(words.units).toBeLessThanOrEqual(Math.ceil(words.items / 20) + 3);
    expect(words.levels).toBeGreaterThanOrEqual(Math.ceil(words.units / 10));
    expect(data.courses[3]).toMatchObject({ type: 'reading-question', levels: 1, units: 1, items: 1 });

    // No questions were imported for CET-6 papers, and 新概念 has no papers: no question book.
    const cet6 = await call('query_course_names', { category: 'cet6' });
    expect(cet6.body.data.courses.map((c: { type: string }) => c.type)).toEqual(['word', 'sentence', 'reading']);
    const paperBooks = await call('query_course_names', { category: 'paper' });
    expect(paperBooks.body.data.courses.map((c: { id: string }) => c.id)).toEqual([
      'paper-word',
      'paper-sentence',
      'paper-reading',
      'paper-reading-question',
    ]);
    // The paper books group papers by exam.
    const levels = await call('query_course_levels', { course_id: 'paper-reading' });
    expect(levels.body.data.levels.map((l: { name: string }) => l.name)).toEqual(['四级', '六级']);

    expect((await call('query_course_names', { category: 'nowhere' })).http).toBe(400);
    expect((await call('query_course_names', {})).http).toBe(400);
  });

  it('primary school has no exam list: its book is the commonest 中考 words, and says so', async () => {
    const { body } = await call('query_course_names', { category: 'primary_school' });
    const book = body.data.courses[0];
    expect(book).toMatchObject({ id: 'primary_school-word', items: 800 });
    expect(book.description).toContain('小学没有统一的考纲词表');
    const first = await call('query_words', { course_id: 'primary_school-word', unit: 1 });
    expect(first.body.data.words.slice(0, 3).map((w: { word: string }) => w.word)).toEqual(['the', 'be', 'and']);
  });

  it('gives a book’s levels and a page of its units, in order', async () => {
    const levels = await call('query_course_levels', { course_id: 'cet4-word' });
    const list = levels.body.data.levels;
    // The words CET-4 adds come first, then the earlier stages' to review.
    expect(list[0]).toEqual({ level: 1, name: '四级新增词 1', units: 10, items: 200, first_unit: 1 });
    expect(list.map((l: { name: string }) => l.name)).toContain('复习：中考阶段词 1');
    expect(list[1].first_unit).toBe(11);

    const page = await call('query_unit_names', { course_id: 'cet4-word', page: 2, page_size: 5 });
    expect(page.http).toBe(200);
    expect(page.body.data).toMatchObject({ total: levels.body.data.course.units, page: 2, page_size: 5 });
    expect(page.body.data.units.map((u: { unit: number }) => u.unit)).toEqual([6, 7, 8, 9, 10]);
    expect(page.body.data.units[0]).toEqual({ unit: 6, level: 1, name: 'Unit 6', items: 20, progress: null });

    const second = await call('query_unit_names', { course_id: 'cet4-word', level: 2, page_size: 3 });
    expect(second.body.data.total).toBe(10);
    expect(second.body.data.units.map((u: { unit: number }) => u.unit)).toEqual([11, 12, 13]);

    const readings = await call('query_unit_names', { course_id: 'cet4-reading' });
    expect(readings.body.data.units.map((u: { name: string }) => u.name)).toEqual(['Our Garden']);

    expect((await call('query_unit_names', { course_id: 'cet4-word', level: 999 })).http).toBe(404);
    expect((await call('query_unit_names', { course_id: 'cet4-nothing' })).http).toBe(404);
    expect((await call('query_unit_names', { course_id: 'cet4-word', page_size: 1000 })).http).toBe(400);
    expect((await call('query_unit_names', { course_id: 'cet4-word', page: 0 })).http).toBe(400);
  });

  it('gives a word unit in book order, with senses, phonetics, an example from the library and the user’s marks', async () => {
    // The first unit holds words CET-4 adds (none of the 2,500 commonest words of English).
    const unitOne = await call('query_words', { course_id: 'cet4-word', unit: 1 });
    expect(unitOne.http).toBe(200);
    expect(unitOne.body.data.words).toHaveLength(20);
    expect(unitOne.body.data.words.every((w: { rank: number }) => w.rank === 0 || w.rank > 2_500)).toBe(true);
    // 'state', an everyday word, is among the 中考 stage's words reviewed at the end, commonest first.
    const levels = (await call('query_course_levels', { course_id: 'cet4-word' })).body.data.levels;
    const basics = levels.find((l: { name: string }) => l.name === '复习：中考阶段词 1');
    const anonymous = await call('query_words', { course_id: 'cet4-word', unit: basics.first_unit });
    const words = anonymous.body.data.words;
    const unit = { course_id: 'cet4-word', unit: basics.first_unit };
    const state = words.find((w: { word: string }) => w.word === 'state');
    expect(state.tags).toContain('cet4');
    expect(state.senses[0]).toEqual({ pos: 'n.', meaning: expect.stringContaining('状态') });
    expect(state.phonetic_symbol).toEqual({ first: 'steɪt', second: 'steɪt' });
    expect(state.example).toEqual({
      id: expect.any(Number),
      text: 'The state of the garden made my mother very happy this spring.',
      document: { category: 'reading', sub_category: null, filename: 'our-garden', title: 'Our Garden' },
      form: 'state',
    });
    expect(state.strange).toBeNull();

    await call('set_strange_status', { word: 'state', strange: 1 }, token);
    const mine = await call('query_words', unit, token);
    expect(mine.body.data.words.find((w: { word: string }) => w.word === 'state').strange).toBe(1);
    expect(mine.body.data.words.filter((w: { strange: unknown }) => w.strange !== null)).toHaveLength(1);
    // A word with a review card long remembered counts as known; one without a card says nothing.
    const other = words.find((w: { word: string }) => w.word !== 'state').word;
    const { id: userId } = await upstream.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'learner@example.com')
      .executeTakeFirstOrThrow();
    const at = upstream.clock.now();
    await upstream.db
      .insertInto('review_cards')
      .values({
        user_id: userId,
        lemma: other,
        sense_id: `${other}%1:00:00::`,
        word: other,
        headword: other,
        pos: 'n.',
        sense_en: 'a sense',
        sense_zh: '词义',
        exams: '',
        origin: 'mark',
        created_at: at.toISOString(),
        state: 2,
        due: new Date(at.getTime() + 40 * 86_400_000).toISOString(),
        stability: 40,
        difficulty: 5,
        scheduled_days: 40,
        learning_steps: 0,
        reps: 5,
        lapses: 0,
        last_review: at.toISOString(),
      })
      .execute();
    const withCards = (await call('query_words', unit, token)).body.data.words;
    expect(withCards.find((w: { word: string }) => w.word === other).review).toBe('known');
    expect(withCards.find((w: { word: string }) => w.word === 'state').review).toBeUndefined();

    expect((await call('query_words', { course_id: 'cet4-sentence', unit: 1 })).http).toBe(404);
    expect((await call('query_words', { course_id: 'cet4-word', unit: 100_000 })).http).toBe(404);
    expect((await call('query_words', { course_id: 'cet4-word', unit: 'one' })).http).toBe(400);
  });

  it('puts the words a learner missed in a word lesson into their review, in the sentence met there', async () => {
    const levels = (await call('query_course_levels', { course_id: 'cet4-word' })).body.data.levels;
    const basics = levels.find((l: { name: string }) => l.name === '复习：中考阶段词 1');
    type Word = { word: string; example: { text: string; form: string } | null };
    // A word met in its example as an inflection ('planted' for plant), and one the library has no sentence for.
    let inflected: { unit: number; word: Word } | undefined;
    let bare: { unit: number; word: Word } | undefined;
    for (let unit = basics.first_unit; unit < basics.first_unit + basics.units && !(inflected && bare); unit++) {
      const words: Word[] = (await call('query_words', { course_id: 'cet4-word', unit })).body.data.words;
      const i = words.find((w) => w.example && w.example.form !== w.word && w.word !== 'state');
      if (i && !inflected) inflected = { unit, word: i };
      const b = words.find((w) => !w.example);
      if (b && !bare) bare = { unit, word: b };
    }
    if (!inflected || !bare) throw new Error('the test library has no inflected example or no word without one');
    const example = inflected.word.example as { text: string; form: string };
    expect(example.text.toLowerCase()).toMatch(new RegExp(`\\b${example.form}\\b`));

    const unit = { course_id: 'cet4-word', unit: inflected.unit };
    expect((await call('report_lesson_misses', { ...unit, words: [inflected.word.word] })).http).toBe(401);
    const answer = await call('report_lesson_misses', { ...unit, words: [inflected.word.word.toUpperCase()] }, token);
    expect(answer.http).toBe(200);
    expect(coursesCalls.report_lesson_misses.response.parse(answer.body).data).toEqual({ ...unit, added: 1 });
    const cards = await upstream.db
      .selectFrom('review_cards as c')
      .innerJoin('review_sentences as s', 's.card_id', 'c.id')
      .select(['c.lemma', 'c.sense_zh', 's.pre_context', 's.word', 's.post_context', 's.source', 's.from_screen'])
      .where('c.origin', '=', 'lesson')
      .execute();
    expect(cards).toHaveLength(1);
    const at = example.text.toLowerCase().search(new RegExp(`\\b${example.form}\\b`));
    expect(cards[0]).toMatchObject({
      lemma: inflected.word.word,
      pre_context: example.text.slice(0, at),
      word: example.text.slice(at, at + example.form.length),
      source: 'course',
      from_screen: 'lesson',
    });
    expect(cards[0].sense_zh).not.toBe('');
    // Missed again: the card is there already, nothing new is made.
    expect((await call('report_lesson_misses', { ...unit, words: [inflected.word.word] }, token)).body.data.added).toBe(0);
    // A word with no sentence in the library becomes a card of the word alone.
    const alone = await call('report_lesson_misses', { course_id: 'cet4-word', unit: bare.unit, words: [bare.word.word] }, token);
    expect(alone.body.data.added).toBe(1);

    expect((await call('report_lesson_misses', { ...unit, words: ['zebra-crossing'] }, token)).http).toBe(400);
    expect((await call('report_lesson_misses', { ...unit, words: [] }, token)).http).toBe(400);
    expect((await call('report_lesson_misses', { course_id: 'cet4-reading', unit: 1, words: ['state'] }, token)).http).toBe(404);
    expect((await call('report_lesson_misses', { course_id: 'cet4-word', unit: 100_000, words: ['state'] }, token)).http).toBe(
      404,
    );
  });

  it('gives a unit’s content of every type, questions without their answers', async () => {
    for (const course_id of ['cet4-word', 'cet4-sentence', 'cet4-reading', 'cet4-reading-question']) {
      const answer = await call('query_course_unit_content', { course_id, unit: 1 });
      expect(answer.http, course_id).toBe(200);
      expect(courseUnitContent.parse(answer.body.data).type).toBe(course_id.slice('cet4-'.length));
    }
    const passage = await call('query_course_unit_content', { course_id: 'cet4-reading', unit: 1 });
    expect(passage.body.data.document.filename).toBe('our-garden');
    expect(passage.body.data.paragraphs.map((p: unknown[]) => p.length)).toEqual([3, 2]);

    const sentences = await call('query_course_unit_content', { course_id: 'cet4-sentence', unit: 1 });
    expect(sentences.body.data.sentences.length).toBeGreaterThan(0);
    for (const s of sentences.body.data.sentences) expect(reading.split('\n')).toContain(s.text);

    const test = await call('query_course_unit_content', { course_id: 'cet4-reading-question', unit: 1 });
    expect(test.body.data.document.filename).toBe('2024-06-1');
    expect(test.body.data.questions).toHaveLength(3);
    // An operator's paper: 真题, without sections.
    expect(test.body.data).toMatchObject({ paper_kind: '真题', sections: [] });
    expect(test.body.data.questions[2]).toEqual({
      number: 3,
      section: 0,
      type: 'choice',
      stem: 'What do young trees need?',
      options: [
        { key: 'A', text: 'Water' },
        { key: 'B', text: 'Roofs' },
      ],
    });
    expect(JSON.stringify(test.body.data)).not.toContain('第一段');

    expect((await call('query_course_unit_content', { course_id: 'cet4-reading', unit: 999 })).http).toBe(404);
    expect((await call('query_course_unit_content', { course_id: 'mars-word', unit: 1 })).http).toBe(404);
    expect((await call('query_course_unit_content', { course_id: 'cet4-word', unit: 0 })).http).toBe(400);
  });

  it('starts a word book where the learner’s latest vocabulary test puts them', async () => {
    // No test taken, or not logged in: no start to suggest.
    expect((await call('query_course_levels', { course_id: 'cet4-word' }, token)).body.data.start).toBeNull();
    const { id: userId } = await upstream.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'learner@example.com')
      .executeTakeFirstOrThrow();
    const at = upstream.clock.now().toISOString();
    const takeTest = async (size: number) =>
      upstream.db
        .insertInto('assessments')
        .values({
          session_hash: `h${size}`,
          user_id: userId,
          state: '{}',
          step: 40,
          created_at: at,
          updated_at: at,
          finished_at: at,
          result: JSON.stringify({ size }),
          size,
        })
        .execute();
    // A beginner (about 1,200 words) starts with the 中考 stage's words they do not know yet.
    await takeTest(1_200);
    const beginner = (await call('query_course_levels', { course_id: 'cet4-word' }, token)).body.data;
    expect(beginner.start).toMatchObject({ size: 1_200, level_name: expect.stringMatching(/^复习：中考阶段词/) });
    // A learner who knows 20,000 words has the stages below behind them: CET-4's own words, which
    // they mostly know too, so wherever those first fall short.
    await upstream.db.updateTable('assessments').set({ finished_at: '2000-01-01T00:00:00.000Z' }).execute();
    await takeTest(6_000);
    const advanced = (await call('query_course_levels', { course_id: 'cet4-word' }, token)).body.data;
    expect(advanced.start).toMatchObject({ size: 6_000, level_name: expect.stringMatching(/^四级新增词/) });
    expect((await call('query_course_levels', { course_id: 'cet4-word' })).body.data.start).toBeNull();
    expect((await call('query_course_levels', { course_id: 'cet4-sentence' }, token)).body.data.start).toBeNull();
    await upstream.db.deleteFrom('assessments').execute();
  });

  it('stores where a learner is in a unit and resumes there; a finished unit stays finished', async () => {
    const unit = { course_id: 'cet4-word', unit: 2 };
    expect((await call('set_unit_progress', { ...unit, position: 3, done: false })).http).toBe(401);

    const saved = await call('set_unit_progress', { ...unit, position: 3, done: false }, token);
    expect(saved.http).toBe(200);
    expect(saved.body.data).toEqual({ ...unit, progress: { position: 3, done: false, updated_at: expect.any(String) } });

    const content = await call('query_course_unit_content', unit, token);
    expect(content.body.data.progress).toMatchObject({ position: 3, done: false });
    const anonymous = await call('query_course_unit_content', unit);
    expect(anonymous.body.data.progress).toBeNull();

    await call('set_unit_progress', { ...unit, position: 20, done: true }, token);
    const again = await call('set_unit_progress', { ...unit, position: 0, done: false }, token);
    expect(again.body.data.progress).toMatchObject({ position: 0, done: true });

    const units = await call('query_unit_names', { course_id: 'cet4-word', page_size: 3 }, token);
    expect(units.body.data.units[1].progress).toMatchObject({ position: 0, done: true });
    expect(units.body.data.units[0].progress).toBeNull();
    expect(units.body.data.course.done_units).toBe(1);
    const names = await call('query_course_names', { category: 'cet4' }, token);
    expect(names.body.data.courses.map((c: { done_units: number }) => c.done_units)).toEqual([1, 0, 0, 0]);

    expect((await call('set_unit_progress', { ...unit, position: 21, done: false }, token)).http).toBe(400);
    expect((await call('set_unit_progress', { ...unit, position: -1, done: false }, token)).http).toBe(400);
    expect(
      (await call('set_unit_progress', { course_id: 'cet4-word', unit: 99_999, position: 0, done: false }, token)).http,
    ).toBe(404);
  });

  it('counts the words of a category’s papers, most frequent first, in stable pages', async () => {
    const page = (subcategory: string, wordType: string, p: number, pageSize: number) =>
      call('get_frequent_words', { subcategory, wordType, page: p, pageSize });
    const all = await page('cet4', 'word', 1, 100);
    expect(all.http).toBe(200);
    expect(all.body.data).toMatchObject({ source: 'exam_material', papers: 1, mock_papers: 0, real_papers: 1, documents: 0 });
    const counts = all.body.data.words.map((w: { count: number }) => w.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const city = all.body.data.words.find((w: { word: string }) => w.word === 'city');
    // city, cities ×3 … counted by lemma.
    expect(city.count).toBe(5);
    expect(all.body.data.words.map((w: { word: string }) => w.word)).not.toContain('the');

    const first = await page('cet4', 'word', 1, 4);
    const second = await page('cet4', 'word', 2, 4);
    expect([...first.body.data.words, ...second.body.data.words]).toEqual(all.body.data.words.slice(0, 8));
    expect(second.body.data.words[0].position).toBe(5);

    const nouns = await page('cet4', 'noun', 1, 100);
    expect(nouns.body.data.words.map((w: { word: string }) => w.word)).toContain('tree');
    expect(nouns.body.data.total).toBeLessThan(all.body.data.total);

    // No IELTS papers: the IELTS list, commonest first, with its words' counts in the library.
    const ielts = await page('ielts', 'word', 1, 5);
    expect(ielts.body.data).toMatchObject({ source: 'word_list', papers: 0, page: 1, pageSize: 5 });
    expect(ielts.body.data.words).toHaveLength(5);
    expect(ielts.body.data.total).toBeGreaterThan(3_000);

    expect((await page('cet4', 'word', 0, 10)).http).toBe(400);
    expect((await page('cet4', 'word', 1, 101)).http).toBe(400);
    expect((await page('cet4', 'pronoun', 1, 10)).http).toBe(400);
    expect((await page('mars', 'word', 1, 10)).http).toBe(400);
  });

  it('checks answers to a reading-question unit', async () => {
    const unit = { course_id: 'cet4-reading-question', unit: 1 };
    const answer = await call('get_test_answer', { ...unit, answers: { 1: 'B', 2: 'a' } });
    expect(answer.http).toBe(200);
    expect(answer.body.data).toEqual({
      ...unit,
      correct: 1,
      total: 3,
      score: 33,
      results: [
        { number: 1, chosen: 'B', answer: 'B', correct: true, evidence: '', explanation: '第一段第一句。' },
        {
          number: 2,
          chosen: 'A',
          answer: 'C',
          correct: false,
          evidence: 'they paint roofs white so that they reflect the sun',
          explanation: '第一段第二句：reflect the sun。',
        },
        { number: 3, chosen: null, answer: 'A', correct: false, evidence: '', explanation: '第二段第一句。' },
      ],
      review_added: 0,
    });
    // A learner's wrong answer puts the word that decided it into their review, in the passage's sentence.
    const mine = await call('get_test_answer', { ...unit, answers: { 1: 'B', 2: 'A', 3: 'A' } }, token);
    // The two hardest words of the evidence, each a card.
    expect(mine.body.data).toMatchObject({ correct: 2, review_added: 2 });
    const cards = await upstream.db
      .selectFrom('review_cards as c')
      .innerJoin('review_sentences as s', 's.card_id', 'c.id')
      .select(['c.lemma', 'c.origin', 's.word', 's.pre_context', 's.source'])
      .where('c.origin', '=', 'paper')
      .execute();
    expect(cards).toHaveLength(2);
    expect(cards.find((c) => c.lemma === 'reflect')).toEqual({
      lemma: 'reflect',
      origin: 'paper',
      word: 'reflect',
      pre_context: 'Cities plant trees along busy roads, and they paint roofs white so that they ',
      source: 'course',
    });
    // The same wrong answer again makes no second card.
    expect((await call('get_test_answer', { ...unit, answers: { 2: 'A' } }, token)).body.data.review_added).toBe(0);
    expect((await call('get_test_answer', { ...unit, answers: { 4: 'A' } })).http).toBe(400);
    expect((await call('get_test_answer', { ...unit, answers: 'B' })).http).toBe(400);
    expect((await call('get_test_answer', { course_id: 'cet4-word', unit: 1, answers: {} })).http).toBe(404);
  });

  it('gives a passage of a paper the questions it answers, and scores those alone', async () => {
    // The CET-4 paper's passage in the papers' reading book (grouped by exam: 四级 first).
    const unit = { course_id: 'paper-reading', unit: 1 };
    const passage = await call('query_course_unit_content', unit);
    expect(passage.body.data.document.filename).toBe('2024-06-1');
    // Only the question whose evidence is in the passage; none that would need the answer key.
    expect(passage.body.data.questions).toEqual([
      {
        number: 2,
        section: 0,
        type: 'choice',
        stem: 'Why are roofs painted white?',
        options: [
          { key: 'A', text: 'To look clean' },
          { key: 'B', text: 'To save paint' },
          { key: 'C', text: 'To reflect the sun' },
          { key: 'D', text: 'To attract birds' },
        ],
      },
    ]);
    expect(passage.body.data.questions_source).toBe('paper');
    // A paper's passage that answers none of its questions gets none made up.
    const cet6 = await call('query_course_unit_content', { course_id: 'paper-reading', unit: 2 });
    expect(cet6.body.data).toMatchObject({ questions: [], questions_source: 'paper' });
    expect((await call('get_test_answer', { course_id: 'paper-reading', unit: 2, answers: {} })).http).toBe(404);

    const right = await call('get_test_answer', { ...unit, answers: { 2: 'C' } });
    expect(right.body.data).toMatchObject({ correct: 1, total: 1, score: 100, review_added: 0 });
    expect(right.body.data.results.map((r: { number: number }) => r.number)).toEqual([2]);
    // A question of the paper that this passage does not answer is not this unit's.
    expect((await call('get_test_answer', { ...unit, answers: { 1: 'B' } })).http).toBe(400);
    // A logged-in learner's miss goes into review, as a paper's does.
    const reader = await logInByEmail(upstream, 'reader@example.com');
    const wrong = await call('get_test_answer', { ...unit, answers: { 2: 'A' } }, reader);
    expect(wrong.body.data).toMatchObject({ correct: 0, total: 1, score: 0, review_added: 2 });
  });

  it('gives a passage of a library text a gap-fill made from it, scores it, and puts the misses into review', async () => {
    const unit = { course_id: 'cet4-reading', unit: 1 };
    const first = await call('query_course_unit_content', unit);
    expect(first.http).toBe(200);
    const content = courseUnitContent.parse(first.body.data);
    if (content.type !== 'reading') throw new Error('not a reading unit');
    expect(content.questions_source).toBe('gap_fill');
    const sentences = content.paragraphs.flat().map((s) => s.text);
    // Five sentences: three to five of them carry a gap.
    expect(content.questions.length).toBeGreaterThanOrEqual(3);
    expect(content.questions.length).toBeLessThanOrEqual(5);
    for (const q of content.questions) {
      expect(q).toMatchObject({ type: 'choice', section: 0 });
      expect(q.options).toHaveLength(4);
      expect(q.stem).toContain('____');
      // A sentence of the passage with one of the options in its gap.
      expect(q.options.filter((o) => sentences.includes(q.stem.replace('____', o.text)))).toHaveLength(1);
    }
    // The same questions on every call: scoring makes them again.
    expect((await call('query_course_unit_content', unit)).body.data.questions).toEqual(first.body.data.questions);

    // The right answer to each, read from the passage.
    const right = Object.fromEntries(
      content.questions.map((q) => [
        String(q.number),
        q.options.find((o) => sentences.includes(q.stem.replace('____', o.text)))?.key ?? '',
      ]),
    );
    const all = await call('get_test_answer', { ...unit, answers: right });
    expect(all.http).toBe(200);
    expect(all.body.data).toMatchObject({ correct: content.questions.length, score: 100, review_added: 0 });
    for (const r of all.body.data.results) {
      expect(sentences).toContain(r.evidence);
      expect(r.explanation).toMatch(/^原文用的是 [a-z]+/);
    }

    // A logged-in learner's misses: the blanked word, in its sentence, into review as a lesson's miss.
    const learner = await logInByEmail(upstream, 'gap-fill@example.com');
    const [missed, ...rest] = content.questions;
    const wrongKey = missed.options.find((o) => o.key !== right[String(missed.number)])?.key as string;
    const answers = { ...right, [String(missed.number)]: wrongKey };
    const scored = await call('get_test_answer', { ...unit, answers }, learner);
    expect(scored.body.data).toMatchObject({ correct: rest.length, total: content.questions.length, review_added: 1 });
    const word = missed.options.find((o) => o.key === right[String(missed.number)])?.text as string;
    const cards = await upstream.db
      .selectFrom('review_cards as c')
      .innerJoin('review_sentences as s', 's.card_id', 'c.id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.origin', 's.word', 's.pre_context', 's.post_context', 's.source'])
      .where('u.email', '=', 'gap-fill@example.com')
      .execute();
    expect(cards).toEqual([
      {
        origin: 'lesson',
        word,
        pre_context: missed.stem.slice(0, missed.stem.indexOf('____')),
        post_context: missed.stem.slice(missed.stem.indexOf('____') + 4),
        source: 'course',
      },
    ]);
    // The same miss again makes no second card; an answer to no question of the unit is refused.
    expect((await call('get_test_answer', { ...unit, answers }, learner)).body.data.review_added).toBe(0);
    expect((await call('get_test_answer', { ...unit, answers: { 9: 'A' } })).http).toBe(400);
  });

  it('refuses questions for a paper that is not there, or that do not hold together', async () => {
    const file = { category: 'paper' as const, sub_category: 'cet4', filename: 'no-such-paper', questions };
    await expect(importQuestions(upstream.db, file)).rejects.toThrow(QuestionImportError);
    const wrong = { ...file, filename: '2024-06-1', questions: [{ ...questions[0], answer: 'E' }] };
    await expect(importQuestions(upstream.db, wrong)).rejects.toThrow(/answer must be one of the options/);
    // The paper keeps its questions.
    const test = await call('query_course_unit_content', { course_id: 'cet4-reading-question', unit: 1 });
    expect(test.body.data.questions).toHaveLength(3);
  });
});
