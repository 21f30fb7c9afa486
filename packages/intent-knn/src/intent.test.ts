import { sampleTools } from '@shortlist/conformance';
import { InvalidArgumentError, toTools } from '@shortlist/core';
import type { RankerIndexV1 } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { intent } from './intent.js';
import type { IntentExample } from './intent-options.js';
import { vocabularyEmbedder } from './test-embedder.js';

const vocabulary = ['send', 'mail', 'chat', 'weather', 'city', 'inbox'];
const examples: IntentExample[] = [
  { query: 'send mail', tool: 'send_email' },
  { query: 'send chat', tool: 'post_chat_message' },
  { query: 'mail inbox', tool: 'search_email' },
  { query: 'weather city', tool: 'get_weather_forecast' },
  { query: 'send mail inbox', tool: 'send_email' },
];
// Cosines to "send mail": 1, 0.5, 0.5, 0, 2/sqrt(6).
const closeExample = 2 / Math.sqrt(6);

const rank = async (index: RankerIndexV1, query: string, limit = 10) =>
  (await index.doRank(query, { limit })).map(({ name, score }) => [name, Number(score.toFixed(4))]);

describe('intent', () => {
  it("scores each tool by the summed cosine of its examples among the query's neighbours", async () => {
    const index = await intent({ examples, embedder: vocabularyEmbedder(vocabulary) }).doIndex(
      sampleTools,
    );
    expect(await rank(index, 'send mail')).toEqual([
      ['send_email', Number((1 + closeExample).toFixed(4))],
      ['post_chat_message', 0.5],
      ['search_email', 0.5],
    ]);
    expect(await rank(index, 'send mail', 1)).toEqual([
      ['send_email', Number((1 + closeExample).toFixed(4))],
    ]);
    expect(await rank(index, 'unrelated words only')).toEqual([]);
  });

  it('counts only the nearest `neighbours` examples, ties going to the earlier tool name', async () => {
    const embedder = vocabularyEmbedder(vocabulary);
    const two = await intent({ examples, embedder, neighbours: 2 }).doIndex(sampleTools);
    expect(await rank(two, 'send mail')).toEqual([
      ['send_email', Number((1 + closeExample).toFixed(4))],
    ]);
    const three = await intent({ examples, embedder, neighbours: 3 }).doIndex(sampleTools);
    expect((await rank(three, 'send mail')).map(([name]) => name)).toEqual([
      'send_email',
      'post_chat_message',
    ]);
  });

  it('applies minScore and exponent to the votes', async () => {
    const embedder = vocabularyEmbedder(vocabulary);
    const strict = await intent({ examples, embedder, minScore: 0.6 }).doIndex(sampleTools);
    expect((await rank(strict, 'send mail')).map(([name]) => name)).toEqual(['send_email']);
    const squared = await intent({ examples, embedder, exponent: 2 }).doIndex(sampleTools);
    expect(await rank(squared, 'send mail')).toEqual([
      ['send_email', Number((1 + closeExample ** 2).toFixed(4))],
      ['post_chat_message', 0.25],
      ['search_email', 0.25],
    ]);
  });

  it("divides a tool's summed vote by its example count ** countExponent", async () => {
    const embedder = vocabularyEmbedder(vocabulary);
    // "mail inbox": send_email's examples have cosines 0.5 and 2/sqrt(6), search_email's one 1.
    const summed = await intent({ examples, embedder }).doIndex(sampleTools);
    expect(await rank(summed, 'mail inbox')).toEqual([
      ['send_email', Number((0.5 + closeExample).toFixed(4))],
      ['search_email', 1],
    ]);
    const mean = await intent({ examples, embedder, countExponent: 1 }).doIndex(sampleTools);
    expect(await rank(mean, 'mail inbox')).toEqual([
      ['search_email', 1],
      ['send_email', Number(((0.5 + closeExample) / 2).toFixed(4))],
    ]);
    const root = await intent({ examples, embedder, countExponent: 0.5 }).doIndex(sampleTools);
    expect(await rank(root, 'mail inbox')).toEqual([
      ['search_email', 1],
      ['send_email', Number(((0.5 + closeExample) / Math.SQRT2).toFixed(4))],
    ]);
  });

  it("counts each tool's own text as one more example with toolText", async () => {
    const tools = toTools([
      { name: 'send_email', description: 'Send mail to an inbox' },
      { name: 'get_weather', description: 'Weather for a city' },
    ]);
    const few = [{ query: 'send chat', tool: 'send_email' }];
    const embedder = vocabularyEmbedder(vocabulary);
    const plain = await intent({ examples: few, embedder }).doIndex(tools);
    expect(await rank(plain, 'weather city')).toEqual([]);
    expect(await rank(plain, 'send mail')).toEqual([['send_email', 0.5]]);

    const withText = intent({ examples: few, embedder, toolText: true });
    const index = await withText.doIndex(tools);
    // Texts "send_email Send mail to an inbox" -> (send, mail, inbox); "Weather for a city" -> (weather, city).
    expect(await rank(index, 'weather city')).toEqual([['get_weather', 1]]);
    expect(await rank(index, 'send mail')).toEqual([
      ['send_email', Number((0.5 + closeExample).toFixed(4))],
    ]);
    // The count includes the text: (0.5 + 2/sqrt(6)) / 2 ** 1.
    const counted = await intent({
      examples: few,
      embedder,
      toolText: true,
      countExponent: 1,
    }).doIndex(tools);
    expect(await rank(counted, 'send mail')).toEqual([
      ['send_email', Number(((0.5 + closeExample) / 2).toFixed(4))],
    ]);
    // An updated tool (removed, added back) is embedded with its new text.
    await index.doRemove!(['get_weather']);
    expect(await rank(index, 'weather city')).toEqual([]);
    await index.doAdd!(toTools([{ name: 'get_weather', description: 'city inbox' }]));
    expect(await rank(index, 'weather city')).toEqual([['get_weather', 0.5]]);
  });

  it('leaves tools without examples out of its rankings', async () => {
    const index = await intent({ examples, embedder: vocabularyEmbedder(vocabulary) }).doIndex(
      sampleTools,
    );
    const named = new Set(examples.map((example) => example.tool));
    for (const query of ['send mail', 'weather city', 'chat inbox']) {
      for (const { name } of await index.doRank(query, { limit: 50 })) {
        expect(named.has(name)).toBe(true);
      }
    }
  });

  it('rejects examples naming tools missing from the catalogue, listing the first few', async () => {
    const typos = ['send_emial', 'a', 'b', 'c', 'd', 'e', 'f'].map((tool) => ({
      query: 'send mail',
      tool,
    }));
    const embedder = vocabularyEmbedder(vocabulary);
    const error = await intent({ examples: [...examples, ...typos], embedder })
      .doIndex(sampleTools)
      .catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /7 example tool name\(s\) are not in the catalogue: "send_emial", "a", "b", "c", "d" and 2 more/,
    );
    expect(embedder.calls).toEqual([]);
  });

  it('embeds each distinct example once, however many catalogues it indexes', async () => {
    const embedder = vocabularyEmbedder(vocabulary);
    const ranker = intent({ examples: [...examples, examples[0]!], embedder });
    await ranker.doIndex(sampleTools);
    await ranker.doIndex([...sampleTools].reverse());
    expect(embedder.calls.flat()).toEqual(examples.map((example) => example.query));
  });

  it('learns examples added later, in live indexes and later ones', async () => {
    const embedder = vocabularyEmbedder(vocabulary);
    const ranker = intent({ examples, embedder });
    const index = await ranker.doIndex(sampleTools);
    expect(await rank(index, 'chat inbox', 1)).toEqual([['post_chat_message', 0.5]]);
    await ranker.addExamples([{ query: 'chat inbox', tool: 'search_email' }]);
    expect(await rank(index, 'chat inbox', 1)).toEqual([['search_email', 1.5]]);
    const callsBefore = embedder.calls.length;
    const later = await ranker.doIndex(sampleTools);
    expect(embedder.calls.length).toBe(callsBefore); // every example was embedded already
    expect(await rank(later, 'chat inbox', 1)).toEqual([['search_email', 1.5]]);
  });

  it('adds no example when one of them names an unknown tool', async () => {
    const ranker = intent({ examples, embedder: vocabularyEmbedder(vocabulary) });
    const index = await ranker.doIndex(sampleTools);
    await expect(
      ranker.addExamples([
        { query: 'chat inbox', tool: 'search_email' },
        { query: 'chat', tool: 'no_such_tool' },
      ]),
    ).rejects.toThrow(/"no_such_tool"/);
    expect(await rank(index, 'chat inbox', 1)).toEqual([['post_chat_message', 0.5]]);
  });

  it('drops the examples of removed tools from the ranking and restores them when re-added', async () => {
    const index = await intent({
      examples,
      embedder: vocabularyEmbedder(vocabulary),
      neighbours: 2,
    }).doIndex(sampleTools);
    const sendEmail = sampleTools.find((tool) => tool.name === 'send_email')!;
    await index.doRemove!(['send_email', 'not_there']);
    expect(index.size).toBe(sampleTools.length - 1);
    expect((await rank(index, 'send mail')).map(([name]) => name)).toEqual([
      'post_chat_message',
      'search_email',
    ]);
    await index.doAdd!([sendEmail]);
    expect((await rank(index, 'send mail')).map(([name]) => name)).toEqual(['send_email']);
  });

  it('indexes an empty catalogue and uses the examples once their tools are added', async () => {
    const index = await intent({ examples, embedder: vocabularyEmbedder(vocabulary) }).doIndex([]);
    expect(await index.doRank('send mail', { limit: 5 })).toEqual([]);
    await index.doAdd!(sampleTools);
    expect((await rank(index, 'send mail'))[0]![0]).toBe('send_email');
  });

  it('restores a snapshot without embedding the examples again', async () => {
    const ranker = intent({ examples, embedder: vocabularyEmbedder(vocabulary) });
    const snapshot = (await ranker.doIndex(sampleTools)).doSnapshot!();
    const embedder = vocabularyEmbedder(vocabulary);
    const restored = await intent({ examples, embedder }).doRestore!(snapshot, sampleTools);
    expect(embedder.calls).toEqual([]);
    expect((await rank(restored, 'send mail'))[0]![0]).toBe('send_email');
    const otherModel = intent({ examples, embedder: vocabularyEmbedder(vocabulary, 'other') });
    await expect(otherModel.doRestore!(snapshot, sampleTools)).rejects.toThrow(
      /made with vocabulary .* not other/,
    );
  });

  it('rejects with the signal reason when aborted', async () => {
    const embedder = vocabularyEmbedder(vocabulary);
    const ranker = intent({ examples, embedder });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(ranker.doIndex(sampleTools, { signal: controller.signal })).rejects.toThrow(
      'stopped',
    );
    expect(embedder.calls).toEqual([]);
    const index = await ranker.doIndex(sampleTools);
    await expect(
      Promise.resolve(index.doRank('send mail', { limit: 5, signal: controller.signal })),
    ).rejects.toThrow('stopped');
    await expect(
      ranker.addExamples([{ query: 'chat', tool: 'send_email' }], { signal: controller.signal }),
    ).rejects.toThrow('stopped');
  });

  it('rejects bad options with a typed error naming the option', () => {
    const embedder = vocabularyEmbedder(vocabulary);
    expect(() => intent({ examples, embedder, neighbours: 0 })).toThrow(/neighbours must be/);
    expect(() => intent({ examples, embedder, exponent: -1 })).toThrow(/exponent must be/);
    expect(() => intent({ examples, embedder, countExponent: -0.5 })).toThrow(
      /countExponent must be a number of at least 0/,
    );
    // @ts-expect-error: testing a JavaScript caller
    expect(() => intent({ examples, embedder, toolText: 'yes' })).toThrow(/toolText must be/);
    // @ts-expect-error: testing a JavaScript caller
    expect(() => intent({ examples })).toThrow(InvalidArgumentError);
    // @ts-expect-error: testing a JavaScript caller
    expect(() => intent({ examples: [{ query: '' }], embedder })).toThrow(
      /options\.examples\)\[0\]/,
    );
  });
});
