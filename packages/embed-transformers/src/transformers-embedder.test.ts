import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvalidArgumentError, PluginError, pipe, semantic } from '@shortlist/core';
import { afterAll, describe, expect, it } from 'vitest';
import { forbidNetwork } from './test-no-network.js';
import { embeddingTable, referenceVector, writeTinyModel } from './testing/tiny-model.js';
import { createTransformersEmbedder } from './transformers-embedder.js';

forbidNetwork();

const folders: string[] = [];
const tinyModel = async (options: Parameters<typeof writeTinyModel>[0] = {}) => {
  const folder = await writeTinyModel(options);
  folders.push(dirname(folder));
  return folder;
};
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

function expectClose(actual: Float32Array, expected: Float32Array): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < actual.length; i++) expect(actual[i]).toBeCloseTo(expected[i]!, 5);
}

const texts = ['make a folder', 'post a message to the channel', 'list files', 'read file'];

describe('createTransformersEmbedder on a local model folder', () => {
  it('reads dimensions from config.json and mean-pools by default', async () => {
    const embedder = createTransformersEmbedder({ model: await tinyModel() });
    expect(embedder).toMatchObject({ provider: 'transformers', dimensions: 8, maxBatchSize: 32 });
    const { embeddings } = await embedder.doEmbed(texts);
    for (const [i, vector] of embeddings.entries()) {
      expectClose(vector, referenceVector(texts[i]!, 'mean'));
    }
  });

  it('CLS-pools when asked', async () => {
    const embedder = createTransformersEmbedder({ model: await tinyModel(), pooling: 'cls' });
    const { embeddings } = await embedder.doEmbed(texts);
    for (const [i, vector] of embeddings.entries()) {
      expectClose(vector, referenceVector(texts[i]!, 'cls'));
    }
    expect(Array.from(embeddings[0]!)).not.toEqual(Array.from(referenceVector(texts[0]!, 'mean')));
  });

  it('leaves vectors unnormalised with normalize: false', async () => {
    const embedder = createTransformersEmbedder({ model: await tinyModel(), normalize: false });
    const [vector] = (await embedder.doEmbed(['make a folder'])).embeddings;
    const norm = Math.hypot(...vector!);
    expect(Math.abs(norm - 1)).toBeGreaterThan(0.01);
    expectClose(
      vector!.map((value) => value / norm),
      referenceVector('make a folder', 'mean'),
    );
  });

  it.each([
    ['e5-small-tiny', 'mean', 'query: ', 'passage: '],
    ['bge-small-tiny', 'cls', 'Represent this sentence for searching relevant passages: ', ''],
    ['nomic-embed-tiny', 'mean', 'search_query: ', 'search_document: '],
    ['all-minilm-tiny', 'mean', '', ''],
  ] as const)(
    'follows the %s model card: %s pooling, query and document prefixes',
    async (name, pooling, query, document) => {
      const embedder = createTransformersEmbedder({ model: await tinyModel({ name }) });
      const [asQuery] = (await embedder.doEmbed(['make a folder'], { inputType: 'query' }))
        .embeddings;
      const [asDocument] = (await embedder.doEmbed(['make a folder'], { inputType: 'document' }))
        .embeddings;
      const [untyped] = (await embedder.doEmbed(['make a folder'])).embeddings;
      expectClose(asQuery!, referenceVector(`${query}make a folder`, pooling));
      expectClose(asDocument!, referenceVector(`${document}make a folder`, pooling));
      expectClose(untyped!, asDocument!);
    },
  );

  it('lets options override the model card', async () => {
    const embedder = createTransformersEmbedder({
      model: await tinyModel({ name: 'e5-tiny' }),
      pooling: 'cls',
      queryPrefix: 'search: ',
      documentPrefix: '',
    });
    const [vector] = (await embedder.doEmbed(['list files'], { inputType: 'query' })).embeddings;
    expectClose(vector!, referenceVector('search: list files', 'cls'));
  });

  it('splits more texts than maxBatchSize into runs, same vectors as one by one', async () => {
    const embedder = createTransformersEmbedder({ model: await tinyModel(), maxBatchSize: 3 });
    const many = [...texts, 'send chat', 'refund last payment', 'weather in berlin tomorrow'];
    const together = (await embedder.doEmbed(many)).embeddings;
    expect(together).toHaveLength(many.length);
    for (const [i, text] of many.entries())
      expectClose(together[i]!, referenceVector(text, 'mean'));
  });

  it('loads onnx/model_quantized.onnx for dtype q8', async () => {
    const folder = await tinyModel({ quantized: true });
    const q8 = createTransformersEmbedder({ model: folder, dtype: 'q8' });
    const [vector] = (await q8.doEmbed(['list files'])).embeddings;
    expectClose(vector!, referenceVector('list files', 'mean', embeddingTable(8, 99)));
    const fp32 = createTransformersEmbedder({ model: folder, dtype: 'fp32' });
    expectClose(
      (await fp32.doEmbed(['list files'])).embeddings[0]!,
      referenceVector('list files', 'mean'),
    );
  });

  it('ranks tools in a semantic() pipeline, queries and documents prefixed', async () => {
    const embedder = createTransformersEmbedder({ model: await tinyModel({ name: 'e5-tiny' }) });
    const picker = await pipe(semantic({ embedder, text: (tool) => tool.description ?? '' })).index(
      [
        { name: 'create_directory', description: 'make a folder' },
        { name: 'post_message', description: 'post a message to the channel' },
        { name: 'refund', description: 'refund last payment' },
      ],
    );
    const selection = await picker.select('post message to channel');
    expect(selection.picks[0]?.name).toBe('post_message');
  });
});

describe('abort', () => {
  it('rejects with the reason of an already aborted signal, before loading', async () => {
    const embedder = createTransformersEmbedder({ model: await tinyModel() });
    const reason = new Error('stop');
    await expect(embedder.doEmbed(texts, { signal: AbortSignal.abort(reason) })).rejects.toBe(
      reason,
    );
  });

  it('rejects with the reason when aborted while the model loads or runs', async () => {
    const embedder = createTransformersEmbedder({ model: await tinyModel() });
    const controller = new AbortController();
    const reason = new Error('user left');
    const call = embedder.doEmbed(texts, { signal: controller.signal });
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    // The embedder still works afterwards.
    expect((await embedder.doEmbed(['list files'])).embeddings).toHaveLength(1);
  });
});

describe('bad input and bad models', () => {
  it.each(['tokenizer.json', 'config.json', 'tokenizer_config.json', 'onnx/model.onnx'])(
    'names a missing %s',
    async (file) => {
      const folder = await tinyModel({ omit: [file] });
      expect(() => createTransformersEmbedder({ model: folder })).toThrow(
        expect.objectContaining({
          code: 'invalid-argument',
          message: expect.stringContaining(`has no ${file}`),
        }),
      );
    },
  );

  it('names the quantised weights a dtype needs', async () => {
    const folder = await tinyModel();
    expect(() => createTransformersEmbedder({ model: folder, dtype: 'q8' })).toThrow(
      /has no onnx\/model_quantized\.onnx \(needed for dtype 'q8'/,
    );
  });

  it('names a folder that does not exist', () => {
    expect(() => createTransformersEmbedder({ model: '/nonexistent/shortlist-model' })).toThrow(
      /model folder \/nonexistent\/shortlist-model does not exist/,
    );
  });

  it('rejects non-finite output, naming the model', async () => {
    const folder = await tinyModel({ poison: true });
    const embedder = createTransformersEmbedder({ model: folder });
    const failure = embedder.doEmbed(['list files', 'nan']);
    await expect(failure).rejects.toSatisfy(PluginError.isInstance);
    await expect(failure).rejects.toThrow(
      `model ${folder} returned a non-finite value (NaN) in the vector of text 1`,
    );
  });

  it('rejects the wrong number of vectors, naming the model', async () => {
    const folder = await tinyModel({ extraRow: true });
    const embedder = createTransformersEmbedder({ model: folder, pooling: 'cls' });
    await expect(embedder.doEmbed(['list files', 'read file'])).rejects.toThrow(
      `model ${folder} returned 3 vectors for 2 texts`,
    );
  });

  it('rejects vectors of the wrong length, naming the model and the fix', async () => {
    const folder = await tinyModel({ width: 8, configWidth: 6 });
    const embedder = createTransformersEmbedder({ model: folder });
    expect(embedder.dimensions).toBe(6);
    await expect(embedder.doEmbed(['list files'])).rejects.toThrow(
      `model ${folder} returned vectors of length 8, but 6 dimensions were declared; set dimensions to 8`,
    );
  });

  it('needs dimensions for a Hub model it does not know', () => {
    expect(() => createTransformersEmbedder({ model: 'someone/unknown-model' })).toThrow(
      expect.objectContaining({ argument: 'createTransformersEmbedder(options.dimensions)' }),
    );
  });

  it('fails offline, without a request, for a Hub model that is not cached', async () => {
    const embedder = createTransformersEmbedder({
      model: 'Xenova/bge-small-en-v1.5',
      allowDownload: false,
      cacheDir: dirname(await tinyModel()),
    });
    expect(embedder.dimensions).toBe(384);
    const failure = embedder.doEmbed(['list files']);
    await expect(failure).rejects.toSatisfy(InvalidArgumentError.isInstance);
    await expect(failure).rejects.toThrow(
      /model Xenova\/bge-small-en-v1\.5 is not in the cache folder and downloads are off .*set options\.model/,
    );
  });

  it.each([
    [{ dtype: 'fp64' }, 'dtype'],
    [{ pooling: 'max' }, 'pooling'],
    [{ maxBatchSize: 0 }, 'maxBatchSize'],
    [{ dimensions: -1 }, 'dimensions'],
    [{ model: '' }, 'model'],
  ])('rejects %j', (options, option) => {
    expect(() => createTransformersEmbedder(options as never)).toThrow(
      expect.objectContaining({ argument: `createTransformersEmbedder(options.${option})` }),
    );
    expect(() => createTransformersEmbedder(options as never)).toThrow(InvalidArgumentError);
  });
});
