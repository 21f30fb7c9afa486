import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeTinyModel } from '@shortlist/embed-transformers/testing';
import {
  type EmbeddingsServer,
  type OpenAIEmbeddingsBody,
  openAIEmbeddingsWire,
  startEmbeddingsServer,
  wordTrigramVector,
} from '@shortlist/test-servers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, runCli } from './test-run-cli.js';

// Each test starts the CLI as a process; a loaded machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

const oneLine = (text: string) => text.trim().split('\n').at(-1) ?? '';
const tools = JSON.stringify([
  { name: 'create_directory', description: 'make a folder' },
  { name: 'post_message', description: 'post a message to the channel' },
  { name: 'refund', description: 'refund last payment' },
]);

let model: string;
let server: EmbeddingsServer<OpenAIEmbeddingsBody>;
beforeAll(async () => {
  model = await writeTinyModel({ name: 'e5-tiny' });
  // Only tiny-embed is served (others get Ollama's 404); texts sharing words get similar vectors.
  server = await startEmbeddingsServer({
    wire: openAIEmbeddingsWire,
    dimensions: 32,
    models: ['tiny-embed'],
    vector: wordTrigramVector,
  });
});
afterAll(async () => {
  await rm(dirname(model), { recursive: true, force: true });
  await server.close();
});

describe('--embedder local', () => {
  it('selects with an in-process model from a folder; the embedder flag implies semantic', async () => {
    const result = await runCli(
      [
        'select',
        'post message to channel',
        '--tools',
        '-',
        '--embedder',
        'local',
        '--embedding-model',
        model,
        '--json',
      ],
      { input: tools },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { pipeline: string; picks: { name: string }[] };
    expect(output.pipeline).toBe('semantic');
    expect(output.picks[0]?.name).toBe('post_message');
  });

  it('names the missing model file', async () => {
    const result = await runCli(
      [
        'select',
        'x',
        '--tools',
        '-',
        '--embedder',
        'local',
        '--embedding-model',
        fixture('benchmarks'),
      ],
      { input: tools },
    );
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toMatch(
      /has no config\.json.*\(set it with --embedding-model\)/,
    );
  });
});

describe('--base-url with an OpenAI-compatible server', () => {
  it('evaluates hybrid with the model named by --embedding-model', async () => {
    const result = await runCli([
      'eval',
      fixture('benchmarks/tiny'),
      '--pipeline',
      'hybrid',
      '--base-url',
      server.url,
      '--embedding-model',
      'tiny-embed',
      '--embedding-dimensions',
      '32',
      '--json',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as {
      reports: { name: string; metrics: Record<string, { mean: number }> }[];
    };
    expect(output.reports.map((report) => report.name)).toEqual(['hybrid']);
    expect(output.reports[0]!.metrics['hit@1']!.mean).toBeGreaterThan(0);
    expect(new Set(server.requests.map((request) => request.body.model))).toEqual(
      new Set(['tiny-embed']),
    );
  });

  it('says which flag to change when the server does not have the model', async () => {
    const result = await runCli(
      [
        'select',
        'x',
        '--tools',
        '-',
        '--pipeline',
        'semantic',
        '--base-url',
        server.url,
        '--embedding-model',
        'nomic-embed-text',
        '--embedding-dimensions',
        '32',
      ],
      { input: tools },
    );
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toMatch(/not found.*choose the model with --embedding-model/);
  });

  it('names --embedding-dimensions for a model of unknown length', async () => {
    const result = await runCli(
      ['select', 'x', '--tools', '-', '--base-url', server.url, '--embedding-model', 'tiny-embed'],
      { input: tools },
    );
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toMatch(
      /unknown model 'tiny-embed'.*\(set it with --embedding-dimensions\)/,
    );
  });

  it('names --embedder when it is not one it knows', async () => {
    const result = await runCli(['select', 'x', '--tools', '-', '--embedder', 'magic'], {
      input: tools,
    });
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toMatch(
      /unknown embedder "magic"; choose one of openai, hf, local/,
    );
  });
});
