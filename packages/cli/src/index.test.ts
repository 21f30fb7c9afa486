import { expect, it } from 'vitest';

it('exports the public surface and nothing else', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'createPipeline',
    'createProgram',
    'defaultBudget',
    'defaultModel',
    'defaultPipeline',
    'isPipelineName',
    'offlinePipelines',
    'pipelineNames',
    'pipelineSummaries',
    'run',
  ]);
}, 30_000);
