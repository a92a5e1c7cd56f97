import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ExportCard, reviewApkg, reviewCsv } from './export';

const bank: ExportCard = {
  card_id: 1,
  lemma: 'bank',
  headword: 'bank',
  pos: 'n.',
  sense_en: 'sloping land (especially the slope beside a body of water)',
  sense_zh: '河岸，堤',
  exams: ['zk', 'gk'],
  state: 'new',
  due: '2026-03-02T02:00:00.000Z',
  sentences: [
    {
      pre_context: 'It rained. We sat on the river ',
      word: 'bank',
      post_context: ' all day.',
      source: 'lookup',
      from: 'ContextualDict',
    },
    { pre_context: 'The ', word: 'banks', post_context: ' were <steep>.', source: 'reading', from: 'ReadNews' },
  ],
};
const pitch: ExportCard = {
  ...bank,
  card_id: 2,
  lemma: 'pitch',
  headword: 'pitch',
  sense_en: 'promotion by means of an argument, "sales talk"',
  sense_zh: '推销',
  exams: [],
  state: 'review',
  due: '2026-03-09T02:00:00.000Z',
  sentences: [{ pre_context: "The company's sales ", word: 'pitch', post_context: ' was long.', source: 'lookup', from: '' }],
};

/** A WAV file's first bytes, as the speech service answers. */
const wav = (text: string) => new TextEncoder().encode(`RIFF....WAVEfmt ${text}`);

describe('the exported cards', () => {
  it('are an Anki package Anki 2.1 reads: one cloze note per sense, with its sentence and sound', async () => {
    const spoken: string[] = [];
    const bytes = await reviewApkg([bank, pitch], {
      deckName: '语境生词',
      now: new Date('2026-03-02T02:00:00.000Z'),
      audio: async (text, voice) => {
        spoken.push(`${voice}:${text}`);
        return wav(text);
      },
    });
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['0', '1', '2', '3', 'collection.anki2', 'media']);
    const media = JSON.parse(new TextDecoder().decode(files.media)) as Record<string, string>;
    expect(Object.values(media)).toHaveLength(4);
    expect(spoken.sort()).toEqual(['uk:bank', 'uk:pitch', 'us:bank', 'us:pitch']);
    for (const index of Object.keys(media)) expect(new TextDecoder().decode(files[index].slice(0, 4))).toBe('RIFF');

    // Read back with SQLite, by Anki's schema 11.
    const db = new Database(Buffer.from(files['collection.anki2']));
    try {
      const col = db.prepare('SELECT ver, models, decks FROM col').get() as { ver: number; models: string; decks: string };
      expect(col.ver).toBe(11);
      const models = Object.values(JSON.parse(col.models)) as {
        id: number;
        type: number;
        flds: { name: string }[];
        tmpls: { qfmt: string }[];
      }[];
      expect(models).toHaveLength(1);
      expect(models[0].type).toBe(1);
      expect(models[0].tmpls[0].qfmt).toBe('{{cloze:Text}}');
      const fieldNames = models[0].flds.map((f) => f.name);
      const decks = Object.values(JSON.parse(col.decks)) as { id: number; name: string }[];
      const deck = decks.find((d) => d.name === '语境生词');
      expect(deck).toBeDefined();

      const notes = db.prepare('SELECT id, guid, mid, flds, sfld, tags FROM notes ORDER BY id').all() as {
        id: number;
        guid: string;
        mid: number;
        flds: string;
        sfld: string;
        tags: string;
      }[];
      expect(notes).toHaveLength(2);
      expect(new Set(notes.map((n) => n.guid)).size).toBe(2);
      const note = Object.fromEntries(notes[0].flds.split('\x1f').map((value, i) => [fieldNames[i], value]));
      expect(notes[0].mid).toBe(models[0].id);
      expect(notes[0].sfld).toBe('bank');
      expect(notes[0].tags.trim().split(' ')).toEqual(['yujing', 'zk', 'gk']);
      // The sentence the word was first met in, only that sentence, the word as the cloze.
      expect(note.Text).toBe('We sat on the river {{c1::bank}} all day.');
      expect(note.Chinese).toBe('n. 河岸，堤');
      expect(note.Meaning).toBe(bank.sense_en);
      // Each word's sound in each voice, once, under the name its field plays.
      expect(note.UK).toMatch(/^\[sound:yujing-uk-[0-9a-f]{12}\.wav\]$/);
      expect(note.US).toMatch(/^\[sound:yujing-us-[0-9a-f]{12}\.wav\]$/);
      for (const tag of [note.UK, note.US]) expect(Object.values(media)).toContain(tag.slice(7, -1));
      expect(note.Source).toContain('查词');
      expect(note.Sentences).toBe('The <b>banks</b> were &lt;steep&gt;.');
      const second = Object.fromEntries(notes[1].flds.split('\x1f').map((value, i) => [fieldNames[i], value]));
      expect(second.Meaning).toBe('promotion by means of an argument, &quot;sales talk&quot;');

      const cards = db.prepare('SELECT nid, did, ord, type, queue, due FROM cards ORDER BY due').all();
      expect(cards).toEqual([
        { nid: notes[0].id, did: deck?.id, ord: 0, type: 0, queue: 0, due: 1 },
        { nid: notes[1].id, did: deck?.id, ord: 0, type: 0, queue: 0, due: 2 },
      ]);
    } finally {
      db.close();
    }
  });

  it('leave out a sound that could not be made, and no other', async () => {
    const bytes = await reviewApkg([bank, pitch], {
      deckName: 'x',
      now: new Date(),
      audio: async (text, voice) => {
        if (text === 'pitch' && voice === 'us') throw new Error('synthesis failed');
        return wav(text);
      },
    });
    const files = unzipSync(bytes);
    expect(Object.values(JSON.parse(new TextDecoder().decode(files.media)))).toHaveLength(3);
    const db = new Database(Buffer.from(files['collection.anki2']));
    try {
      const flds = (db.prepare('SELECT flds FROM notes ORDER BY id').all() as { flds: string }[]).map((n) =>
        n.flds.split('\x1f'),
      );
      expect(flds[1][4]).toMatch(/^\[sound:/);
      expect(flds[1][5]).toBe('');
    } finally {
      db.close();
    }
  });

  it('leave the sound out when asked, and still import', async () => {
    const files = unzipSync(await reviewApkg([bank], { deckName: 'x', now: new Date(), audio: null }));
    expect(Object.keys(files).sort()).toEqual(['collection.anki2', 'media']);
    expect(new TextDecoder().decode(files.media)).toBe('{}');
  });

  it('are CSV that Excel opens with the Chinese intact: UTF-8 with a byte-order mark, fields quoted', () => {
    const bytes = reviewCsv([bank, pitch]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines[0]).toBe('单词,词性,中文释义,英文释义,例句,出处,考试,状态,下次复习');
    expect(lines[1]).toBe(
      'bank,n.,河岸，堤,sloping land (especially the slope beside a body of water),We sat on the river bank all day.,查词,中考 高考,新词,2026-03-02',
    );
    expect(lines[2]).toContain('"promotion by means of an argument, ""sales talk"""');
    expect(lines[3]).toBe('');
  });
});
