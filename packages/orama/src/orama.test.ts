import { CorruptDataError, InvalidArgumentError, type Tool, toTools } from '@shortlist/core';
import { createTokenizer, type RankerIndexV1 } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { orama } from './orama.js';
import { oramaDefaultTokenizer } from './orama-default-tokenizer.js';

const fn = (name: string, description: string, properties: Record<string, unknown> = {}) => ({
  name,
  description,
  parameters: { type: 'object', properties },
});

const tools: Tool[] = toTools([
  fn('hris_list_employees', 'List employees in the HR system, filtered by department.', {
    department: { type: 'string', description: 'Department name' },
  }),
  fn('crm_update_contact', 'Update the phone number or address of a contact.', {
    contactId: { type: 'string' },
    status: { type: 'string', enum: ['active', 'archived'] },
  }),
  fn('send_email', 'Send an email message to a recipient.', {
    to: { type: 'string', description: 'Recipient address' },
  }),
  fn('create_invoice', 'Create an invoice for a customer and email it.'),
]);

const names = (ranking: readonly { name: string }[]) => ranking.map((entry) => entry.name);
const rank = async (index: RankerIndexV1, query: string, limit = 10) =>
  index.doRank(query, { limit });

describe('orama()', () => {
  it('ranks the tool whose fields match the query first', async () => {
    const index = await orama().doIndex(tools);
    expect(names(await rank(index, 'list the employees of a department'))[0]).toBe(
      'hris_list_employees',
    );
    expect(names(await rank(index, 'archived contact'))[0]).toBe('crm_update_contact');
    expect(names(await rank(index, 'email recipient'))[0]).toBe('send_email');
  });

  it('matches query terms as prefixes of indexed terms, as Orama does by default', async () => {
    const index = await orama().doIndex(tools);
    expect(names(await rank(index, 'empl'))).toEqual(['hris_list_employees']);
    expect(names(await rank(index, 'invo'))).toEqual(['create_invoice']);
  });

  it('breaks score ties by ascending name, also at the limit cut', async () => {
    const clones = toTools(
      ['t_e', 't_b', 't_d', 't_a', 't_c', 't_f'].map((name) => fn(name, 'rotate the widget')),
    );
    const index = await orama().doIndex(clones);
    const ranking = await rank(index, 'widget', 3);
    expect(names(ranking)).toEqual(['t_a', 't_b', 't_c']);
    expect(new Set(ranking.map((entry) => entry.score)).size).toBe(1);
  });

  it('applies field boosts', async () => {
    const pair = toTools([
      fn('alpha', 'Archive the ledger entries.'),
      fn('ledger_archive', 'Move old rows somewhere else.'),
    ]);
    const plain = await orama().doIndex(pair);
    const boosted = await orama({ boost: { name: 10 } }).doIndex(pair);
    const plainTop = (await rank(plain, 'archive ledger'))[0]!;
    const boostedTop = (await rank(boosted, 'archive ledger'))[0]!;
    expect(boostedTop.name).toBe('ledger_archive');
    expect(boostedTop.score).toBeGreaterThan(plainTop.score);
  });

  it('adds and removes tools by name', async () => {
    const index = await orama().doIndex(tools.slice(0, 2));
    await index.doAdd!(tools.slice(2));
    expect(index.size).toBe(4);
    expect(names(await rank(index, 'invoice'))).toEqual(['create_invoice']);
    await index.doRemove!(['create_invoice', 'not_a_tool']);
    expect(index.size).toBe(3);
    expect(await rank(index, 'invoice')).toEqual([]);
  });

  it('rejects duplicate names with a typed error', async () => {
    await expect(orama().doIndex([tools[0]!, tools[0]!])).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    const index = await orama().doIndex(tools);
    await expect(index.doAdd!([tools[1]!])).rejects.toThrow(/already indexed/);
  });

  it('stops indexing when the signal aborts midway', async () => {
    const many = toTools(
      Array.from({ length: 3000 }, (_, i) => fn(`tool_${i}`, `does thing ${i}`)),
    );
    const controller = new AbortController();
    const reason = new Error('stop');
    const indexing = orama().doIndex(many, {
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done >= 1000) controller.abort(reason);
      },
    });
    await expect(indexing).rejects.toBe(reason);
  });

  it('checks its options with typed errors', () => {
    expect(() => orama({ boost: { name: 0 } })).toThrow(InvalidArgumentError);
    expect(() => orama({ boost: { nom: 2 } as never })).toThrow(/boost\.nom/);
    expect(() => orama({ tolerance: -1 })).toThrow(InvalidArgumentError);
    expect(() => orama({ id: '' })).toThrow(InvalidArgumentError);
    expect(() => orama({ relevance: { k: Number.NaN } })).toThrow(InvalidArgumentError);
  });
});

describe('orama() snapshots', () => {
  it('restores an index that ranks identically', async () => {
    const index = await orama().doIndex(tools);
    const restored = await orama().doRestore!(index.doSnapshot!(), tools);
    expect(restored.size).toBe(4);
    for (const query of ['employees', 'contact status', 'email']) {
      expect(await rank(restored, query)).toEqual(await rank(index, query));
    }
  });

  it('drops tools no longer given and indexes new ones on restore', async () => {
    const index = await orama().doIndex(tools.slice(0, 3));
    const restored = await orama().doRestore!(index.doSnapshot!(), tools.slice(1));
    expect(restored.size).toBe(3);
    expect(await rank(restored, 'employees')).toEqual([]);
    expect(names(await rank(restored, 'invoice'))).toEqual(['create_invoice']);
  });

  it('refuses a snapshot from another tokenizer or a damaged one', async () => {
    const snapshot = (await orama().doIndex(tools)).doSnapshot!();
    const other = orama({ tokenizer: createTokenizer({ stem: false }) });
    await expect(other.doRestore!(snapshot, tools)).rejects.toBeInstanceOf(InvalidArgumentError);
    // Typo tolerance marks indexed terms differently: such a snapshot would match nothing.
    await expect(orama({ tolerance: 1 }).doRestore!(snapshot, tools)).rejects.toThrow(
      /typo tolerance off/,
    );
    const altered = snapshot.slice();
    altered[altered.length >> 1]! ^= 0x55;
    await expect(orama().doRestore!(altered, tools)).rejects.toBeInstanceOf(CorruptDataError);
  });
});

describe('orama() on hostile input', () => {
  const hostile = toTools([
    fn('__proto__', 'Reads the prototype chain of an object.'),
    fn('constructor', 'Builds a constructor for classes.'),
    fn('hasOwnProperty', 'Checks whether an object has an own property.'),
    fn('blank', ''),
    fn('huge', `${'lorem ipsum dolor sit amet '.repeat(3800)}needle`),
    fn('emoji_tool', 'Send a 🚀 rocket emoji reaction 🎉'),
    fn('cjk_tool', '東京の天気を調べる'),
  ]);

  it('indexes and finds tools named like Object.prototype members', async () => {
    const index = await orama().doIndex(hostile);
    expect(index.size).toBe(hostile.length);
    expect(names(await rank(index, 'prototype'))).toEqual(['__proto__']);
    const ctorRanking = await rank(index, 'constructor');
    expect(names(ctorRanking)).toEqual(['constructor']);
    expect(Number.isFinite(ctorRanking[0]!.score)).toBe(true);
    expect(names(await rank(index, 'own property'))[0]).toBe('hasOwnProperty');
    await index.doRemove!(['__proto__', 'constructor']);
    expect(index.size).toBe(hostile.length - 2);
    expect(await rank(index, 'prototype')).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('scores Object.prototype words exactly like any other word', async () => {
    const catalogue = (word: string) =>
      toTools([
        fn('first', `alpha ${word} gamma`),
        fn('second', `alpha ${word}`),
        fn('third', 'alpha beta'),
      ]);
    for (const word of ['constructor', '__proto__', 'hasownproperty', 'valueof']) {
      const hostileIndex = await orama({ tokenizer: createTokenizer({ stem: false }) }).doIndex(
        catalogue(word),
      );
      const plainIndex = await orama({ tokenizer: createTokenizer({ stem: false }) }).doIndex(
        catalogue('zeta'),
      );
      const query = word === '__proto__' ? 'proto' : word;
      expect(await rank(hostileIndex, query)).toEqual(await rank(plainIndex, 'zeta'));
    }
  });

  it('handles huge texts, long queries, stopword and punctuation queries, emoji and CJK', async () => {
    const index = await orama().doIndex(hostile);
    expect(names(await rank(index, 'needle'))).toEqual(['huge']);
    const longQuery = Array.from({ length: 10_000 }, (_, i) => `word${i % 500}`).join(' ');
    const long = await rank(index, `${longQuery} rocket`);
    expect(names(long)).toEqual(['emoji_tool']);
    expect(await rank(index, 'the of and to a')).toEqual([]);
    expect(await rank(index, '?!... ,;: --- ()')).toEqual([]);
    expect(names(await rank(index, '東京'))).toEqual(['cjk_tool']);
    expect(names(await rank(index, '🚀 rocket'))).toEqual(['emoji_tool']);
  });
});

describe('oramaDefaultTokenizer()', () => {
  it('splits like Orama out of the box: keeps stopwords and snake_case names, no stemming', () => {
    const tokenize = oramaDefaultTokenizer();
    expect(tokenize('List the Employees of hris_list_employees')).toEqual([
      'list',
      'the',
      'employees',
      'of',
      'hris_list_employees',
    ]);
  });

  it('makes a working baseline ranker in which stopwords match', async () => {
    const index = await orama({ tokenizer: oramaDefaultTokenizer() }).doIndex(
      toTools([
        { name: 'a_tool', description: 'send the email' },
        { name: 'b_tool', description: 'create an event' },
      ]),
    );
    expect((await index.doRank('the', { limit: 5 })).map((entry) => entry.name)).toEqual([
      'a_tool',
    ]);
  });
});
