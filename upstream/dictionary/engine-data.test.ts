import { describe, expect, it } from 'vitest';
import { createEngineContext, openLexicalData, safe } from './engine-data';

describe("the engine's data", () => {
  it('opens WordNet and ECDICT once per process and set of files', () => {
    const data = openLexicalData();
    expect(openLexicalData({})).toBe(data);
    expect(data.wordnet.has('bank', 'n')).toBe(true);
    expect(data.ecdict.get('bank')).toBeDefined();
    expect(data.lemmatizer.candidates('leaves').map((c) => c.lemma)).toEqual(expect.arrayContaining(['leaf', 'leave']));
  });

  it('opens nothing until a part asks, then the same data every time, on the shared word data', () => {
    let asked = 0;
    const engine = createEngineContext({
      senses: () => {
        asked++;
        return null;
      },
    });
    expect(asked).toBe(0);
    const data = engine.open();
    expect(engine.open()).toBe(data);
    expect(data.wordnet).toBe(openLexicalData().wordnet);
    expect(data.ranker.weights).toBeDefined();
    expect(engine.model()).toBeNull();
    expect(asked).toBe(1);
  });

  it('answers no sense model where none was given or it cannot be read', () => {
    expect(createEngineContext().model()).toBeNull();
    const broken = createEngineContext({
      senses: () => {
        throw new Error('unreadable');
      },
    });
    expect(broken.model()).toBeNull();
  });

  it('shows at most 80 glosses an item unless told otherwise', () => {
    expect(createEngineContext().maxGlosses).toBe(80);
    expect(createEngineContext({ maxGlosses: 5 }).maxGlosses).toBe(5);
  });

  it('falls back where a read throws', () => {
    expect(safe(() => 1, 0)).toBe(1);
    expect(
      safe(() => {
        throw new Error('no');
      }, 0),
    ).toBe(0);
  });
});
