import { inspect } from 'node:util';
import {
  cached,
  type EmbedderV1,
  type EmbeddingStore,
  memoryStore,
  pipe,
  semantic,
} from '@shortlist/core';
import { createHFEmbedder } from '@shortlist/embed-hf';
import { createOpenAIEmbedder } from '@shortlist/embed-openai';
import { ordinaryTools } from '../catalogue.js';
import { type FaultServer, type ServerFault, startFaultServer } from '../fault-server.js';
import type { HostileCase } from '../hostile-case.js';

const apiKey = 'sk-hostile-SECRET-0123456789abcdef';

/** Runs `use` against a fresh fault server scripted with `faults`, closing it after. */
async function withServer<T>(faults: ServerFault[], use: (server: FaultServer) => Promise<T>) {
  const server = await startFaultServer();
  server.script(...faults);
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

const openai = (server: FaultServer, options: { timeoutMs?: number; maxRetries?: number } = {}) =>
  createOpenAIEmbedder({ apiKey, baseURL: server.openaiURL, dimensions: 8, ...options });
const hf = (server: FaultServer) =>
  createHFEmbedder({
    model: 'BAAI/bge-small-en-v1.5',
    accessToken: 'hf_hostile_token',
    endpointUrl: server.hfURL,
    dimensions: 8,
    normalize: false,
    maxRetries: 1,
    retryDelayMs: 5,
    timeoutMs: 300,
  });

/** Item 5: servers that stall a body or ask for an hour's wait. */
export const deadlineCases: HostileCase[] = [
  {
    item: 5,
    name: 'OpenAI: a body that stalls on every attempt',
    wants: 'typed-error',
    run: () =>
      withServer([{ kind: 'stall-body' }, { kind: 'stall-body' }], (server) =>
        openai(server, { timeoutMs: 300, maxRetries: 1 }).doEmbed(['a']),
      ),
  },
  {
    item: 5,
    name: 'OpenAI: a body that stalls once, then an answer',
    wants: 'answer',
    run: () =>
      withServer([{ kind: 'stall-body' }], (server) =>
        openai(server, { timeoutMs: 300, maxRetries: 1 }).doEmbed(['a']),
      ),
    check: (answer) =>
      (answer as { embeddings: Float32Array[] }).embeddings.length === 1 ? undefined : 'no vector',
  },
  ...[
    ['retry-after', '3600'],
    ['retry-after-ms', '3600000'],
    ['retry-after', 'Fri, 31 Dec 2099 23:59:59 GMT'],
  ].map(
    ([header, value]): HostileCase => ({
      item: 5,
      name: `OpenAI: 429 with ${header}: ${value}`,
      wants: 'typed-error',
      run: () =>
        withServer([{ kind: 'retry-after', header: header!, value: value! }], (server) =>
          openai(server, { maxRetries: 3 }).doEmbed(['a']),
        ),
    }),
  ),
  {
    item: 5,
    name: 'Hugging Face: a body that stalls on every attempt',
    wants: 'typed-error',
    run: () =>
      withServer([{ kind: 'stall-body' }, { kind: 'stall-body' }], (server) =>
        hf(server).doEmbed(['a']),
      ),
  },
  {
    item: 5,
    name: 'Hugging Face: 429 with retry-after: 3600',
    wants: 'typed-error',
    run: () =>
      withServer([{ kind: 'retry-after', header: 'retry-after', value: '3600' }], (server) =>
        hf(server).doEmbed(['a']),
      ),
  },
];

/** A real in-memory store that hands back NaN in place of what it holds. */
const poisonedStore = (inner: EmbeddingStore): EmbeddingStore => ({
  async getMany(keys) {
    return (await inner.getMany(keys)).map((v) => v && new Float32Array(v.length).fill(Number.NaN));
  },
  setMany: (items) => inner.setMany(items),
});

const finite = (answer: unknown): string | undefined =>
  (answer as { embeddings: Float32Array[] }).embeddings.every((v) => v.every(Number.isFinite))
    ? undefined
    : 'a non-finite vector came back';

/** Item 6: vectors with components beyond float32 range, and a cache holding NaN. */
export const finiteCases: HostileCase[] = [
  ...[1e39, -1e39, 3.5e38].map(
    (value): HostileCase => ({
      item: 6,
      name: `Hugging Face: a component of ${value}`,
      wants: 'typed-error',
      run: () => withServer([{ kind: 'component', value }], (server) => hf(server).doEmbed(['a'])),
    }),
  ),
  {
    item: 6,
    name: 'semantic() over Hugging Face indexing a tool whose vector overflows',
    wants: 'typed-error',
    run: () =>
      withServer([{ kind: 'component', value: 1e39 }], async (server) =>
        pipe(semantic({ embedder: cached(hf(server), { store: memoryStore() }) })).index(
          ordinaryTools,
        ),
      ),
  },
  {
    item: 6,
    name: 'cached() over a store returning NaN vectors re-embeds them',
    wants: 'answer',
    run: () =>
      withServer([], async (server) => {
        const store = memoryStore();
        const embedder: EmbedderV1 = hf(server);
        await cached(embedder, { store }).doEmbed(['a', 'b']);
        return cached(embedder, {
          store: poisonedStore(store),
          onWarning: () => undefined,
        }).doEmbed(['a', 'b']);
      }),
    check: finite,
  },
];

/** Item 10: an API key echoed back in a response header. */
export const redactionCases: HostileCase[] = [
  {
    item: 10,
    name: 'OpenAI: the key echoed in a response header stays out of util.inspect(error)',
    wants: 'answer',
    run: () =>
      withServer([{ kind: 'echo-key', value: `Bearer ${apiKey}` }], async (server) =>
        openai(server, { maxRetries: 0 })
          .doEmbed(['a'])
          .then(
            () => 'answered',
            (error: unknown) => inspect(error, { depth: 10 }),
          ),
      ),
    check: (answer) =>
      String(answer).includes('SECRET') ? 'the key shows in the error' : undefined,
  },
];
