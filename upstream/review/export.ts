import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { examName } from '../../lib/contract/exams';
import type { CardState, ReviewSentence } from '../../lib/contract';
import { clozeOf } from '../../lib/text/cloze';

/*
 * A learner's cards for other tools, one per sense: an Anki package (.apkg) that Anki 2.1 imports,
 * and CSV that Excel opens. The package is Anki's collection format of schema 11 (`collection.anki2`,
 * the one every 2.1 version imports), its `media` map and the audio files, zipped.
 */

/** A card as it is exported. */
export interface ExportCard {
  card_id: number;
  lemma: string;
  headword: string;
  pos: string;
  sense_en: string;
  sense_zh: string;
  exams: readonly string[];
  state: CardState;
  due: string;
  /** Every sentence it was met in, oldest first. */
  sentences: readonly ReviewSentence[];
}

const sourceNames: Record<ReviewSentence['source'], string> = { lookup: '查词', reading: '阅读', course: '课程', list: '词单' };
const stateNames: Record<CardState, string> = { new: '新词', learning: '学习中', review: '复习中', relearning: '重学中' };

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * CSV (RFC 4180) in UTF-8 with a byte-order mark, which Excel needs to read the Chinese as
 * Chinese; one row per card.
 */
export function reviewCsv(cards: readonly ExportCard[]): Uint8Array {
  const header = ['单词', '词性', '中文释义', '英文释义', '例句', '出处', '考试', '状态', '下次复习'];
  const rows = cards.map((card) => {
    const first = card.sentences[0];
    return [
      card.headword,
      card.pos,
      card.sense_zh,
      card.sense_en,
      first ? clozeOf(first).sentence : '',
      first ? sourceNames[first.source] : '',
      card.exams.map(examName).join(' '),
      stateNames[card.state],
      card.due.slice(0, 10),
    ];
  });
  const text = [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n');
  return new TextEncoder().encode(`\ufeff${text}\r\n`);
}

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// A cloze's own markers inside the word would end it early or start a hint.
const clozeSafe = (text: string) => html(text).replace(/::/g, ':\u200b:').replace(/}}/g, '}\u200b}');

/** The note type: one cloze card per note, asked with the sentence, answered with the sense. */
const fields = ['Text', 'Word', 'Meaning', 'Chinese', 'UK', 'US', 'Source', 'Sentences'] as const;
const noteCss = `.card { font-family: "PingFang SC", "Microsoft YaHei", system-ui, sans-serif; font-size: 22px; color: #1e293b; background: #fff; text-align: left; line-height: 1.6; }
.cloze { font-weight: 600; color: #1d4ed8; }
.word { font-size: 26px; font-weight: 600; margin-top: 12px; }
.zh { font-size: 20px; margin-top: 6px; }
.en, .src, .more { color: #64748b; font-size: 16px; }
.more { margin-top: 10px; }`;
const answerTemplate = `{{cloze:Text}}
<hr id=answer>
<div class=word>{{Word}} {{UK}} {{US}}</div>
<div class=zh>{{Chinese}}</div>
<div class=en>{{Meaning}}</div>
<div class=src>{{Source}}</div>
{{#Sentences}}<div class=more>{{Sentences}}</div>{{/Sentences}}`;

/** Anki's ids are milliseconds since the epoch; a checksum is the first 8 hex digits of SHA-1 as a number. */
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const checksum = (text: string) => Number.parseInt(sha1(text).slice(0, 8), 16);

export interface ApkgOptions {
  /** The deck's name in Anki. */
  deckName: string;
  now: Date;
  /** A word's audio in a voice (WAV), or null to leave the sound out. */
  audio: ((text: string, voice: Voice) => Promise<Uint8Array>) | null;
}

type Voice = 'uk' | 'us';
const soundName = (text: string, voice: Voice) => `yujing-${voice}-${sha1(`${voice}:${text}`).slice(0, 12)}.wav`;
/** At most this many words are being synthesized at once for one package. */
const syntheses = 3;

/**
 * An Anki package of the cards, as a stream: one cloze note per card, with the word's UK and US
 * sound as media. The sound files go out as they are synthesized (a deck of thousands of new
 * words takes minutes, and the BFF waits at most 30 s between chunks), the collection and the
 * media map last, holding only the sounds that were made. Anki reads a package's entries in any
 * order.
 */
export function reviewApkgStream(cards: readonly ExportCard[], options: ApkgOptions): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        const zip = new Zip((error, chunk, final) => {
          if (error) return controller.error(error);
          controller.enqueue(chunk);
          if (final) controller.close();
        });
        const add = (name: string, bytes: Uint8Array, compress: boolean) => {
          const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
          zip.add(entry);
          entry.push(bytes, true);
        };
        try {
          const media: Record<string, string> = {};
          const made = new Set<string>();
          const { audio } = options;
          if (audio) {
            const wanted = [...new Set(cards.map((c) => c.headword))].flatMap((text) =>
              (['uk', 'us'] as const).map((voice) => ({ text, voice })),
            );
            let next = 0;
            const work = async () => {
              while (next < wanted.length) {
                const { text, voice } = wanted[next++];
                const bytes = await audio(text, voice).catch(() => null);
                if (!bytes) continue;
                const index = String(made.size);
                made.add(soundName(text, voice));
                media[index] = soundName(text, voice);
                add(index, bytes, false);
                // Wait while the reader is behind: a package's sound is tens of megabytes.
                while ((controller.desiredSize ?? 1) <= 0) await new Promise((resolve) => setTimeout(resolve, 20));
              }
            };
            await Promise.all(Array.from({ length: syntheses }, work));
          }
          add(
            'collection.anki2',
            ankiCollection(cards, options, (text, voice) =>
              made.has(soundName(text, voice)) ? `[sound:${soundName(text, voice)}]` : '',
            ),
            true,
          );
          add('media', new TextEncoder().encode(JSON.stringify(media)), false);
          zip.end();
        } catch (error) {
          controller.error(error);
        }
      },
    },
    { highWaterMark: 8 },
  );
}

/** The whole package at once (the tests read it back). */
export async function reviewApkg(cards: readonly ExportCard[], options: ApkgOptions): Promise<Uint8Array> {
  return new Uint8Array(await new Response(reviewApkgStream(cards, options)).arrayBuffer());
}

/** Anki's collection (schema 11) of the cards; `sound` gives a word's sound tag in a voice, or ''. */
function ankiCollection(
  cards: readonly ExportCard[],
  options: ApkgOptions,
  sound: (text: string, voice: Voice) => string,
): Uint8Array {
  const nowMs = options.now.getTime();
  const nowSecs = Math.floor(nowMs / 1000);
  // Fixed ids (from the product, not the clock), so that importing a later export updates the
  // same note type and deck instead of adding copies.
  const modelId = 1_700_000_033_001;
  const deckId = 1_700_000_033_002;

  const db = new Database(':memory:');
  try {
    db.exec(ankiSchema);
    const model = {
      id: modelId,
      name: '语境 Yujing 词义完形',
      type: 1,
      mod: nowSecs,
      usn: -1,
      sortf: 1,
      did: deckId,
      tmpls: [{ name: 'Cloze', ord: 0, qfmt: '{{cloze:Text}}', afmt: answerTemplate, did: null, bqfmt: '', bafmt: '' }],
      flds: fields.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] })),
      css: noteCss,
      latexPre:
        '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
      latexPost: '\\end{document}',
      latexsvg: false,
      req: [[0, 'any', [0]]],
      tags: [],
      vers: [],
    };
    const deck = (id: number, name: string) => ({
      id,
      name,
      desc: id === deckId ? '语境（Yujing）导出的生词：每个词义一张卡片，用你遇到它的句子来考。' : '',
      mod: nowSecs,
      usn: -1,
      collapsed: false,
      browserCollapsed: false,
      dyn: 0,
      conf: 1,
      extendNew: 0,
      extendRev: 0,
      newToday: [0, 0],
      revToday: [0, 0],
      lrnToday: [0, 0],
      timeToday: [0, 0],
    });
    const dconf = {
      1: {
        id: 1,
        name: 'Default',
        mod: 0,
        usn: 0,
        maxTaken: 60,
        autoplay: true,
        timer: 0,
        replayq: true,
        dyn: false,
        new: { delays: [1, 10], ints: [1, 4, 0], initialFactor: 2500, order: 1, perDay: 20, bury: false },
        lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 1 },
        rev: { perDay: 200, ease4: 1.3, ivlFct: 1, maxIvl: 36500, hardFactor: 1.2, bury: false },
      },
    };
    const conf = {
      activeDecks: [deckId],
      curDeck: deckId,
      curModel: modelId,
      nextPos: cards.length + 1,
      estTimes: true,
      dueCounts: true,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
    };
    db.prepare(
      'INSERT INTO col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, dconf, tags) VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)',
    ).run(
      nowSecs - (nowSecs % 86_400),
      nowMs,
      nowMs,
      JSON.stringify(conf),
      JSON.stringify({ [modelId]: model }),
      JSON.stringify({ 1: deck(1, 'Default'), [deckId]: deck(deckId, options.deckName) }),
      JSON.stringify(dconf),
      '{}',
    );
    const addNote = db.prepare(
      'INSERT INTO notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data) VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)',
    );
    const addCard = db.prepare(
      "INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses, left, odue, odid, flags, data) VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
    );
    let position = 0;
    for (const card of cards) {
      position++;
      const [first, ...rest] = card.sentences;
      const cloze = first ? clozeOf(first) : { before: '', word: card.headword, after: '' };
      const values: Record<(typeof fields)[number], string> = {
        Text: `${html(cloze.before)}{{c1::${clozeSafe(cloze.word)}}}${html(cloze.after)}`,
        Word: html(card.headword),
        Meaning: html(card.sense_en),
        Chinese: html([card.pos, card.sense_zh].filter(Boolean).join(' ')),
        UK: sound(card.headword, 'uk'),
        US: sound(card.headword, 'us'),
        Source: html([first ? `语境 · ${sourceNames[first.source]}` : '语境', ...card.exams.map(examName)].join(' · ')),
        Sentences: rest
          .map((s) => {
            const c = clozeOf(s);
            return `${html(c.before)}<b>${html(c.word)}</b>${html(c.after)}`;
          })
          .join('<br>'),
      };
      const id = nowMs + position;
      const tags = ['yujing', ...card.exams].map((t) => t.replace(/\s/g, '_')).join(' ');
      addNote.run(
        id,
        sha1(`yujing:${card.lemma}:${card.headword}:${card.sense_en}`).slice(0, 10),
        modelId,
        nowSecs,
        ` ${tags} `,
        fields.map((f) => values[f]).join('\x1f'),
        values.Word,
        checksum(card.headword),
        '',
      );
      addCard.run(id, id, deckId, nowSecs, position);
    }
    const collection = db.serialize();
    return new Uint8Array(collection.buffer, collection.byteOffset, collection.byteLength);
  } finally {
    db.close();
  }
}

/** Anki's collection of schema 11, as its 2.1 versions read a package. */
const ankiSchema = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null,
  odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;
