import { lexical } from '@shortlist/lexical';
import { expect, it } from 'vitest';
import { defaultPipeline } from './pipeline-names.js';
import { createPipeline } from './pipelines.js';
import { sampleQueries, sampleTools } from './sample-data.js';

it('the default pipeline is lexical() from @shortlist/lexical, pick for pick', async () => {
  expect(defaultPipeline).toBe('lexical');
  const tools = await sampleTools();
  const cli = await (await createPipeline(defaultPipeline)).index(tools);
  const named = await lexical().index(tools);
  for (const query of await sampleQueries()) {
    const [a, b] = await Promise.all([cli.select(query), named.select(query)]);
    expect(a.picks.map((pick) => [pick.name, pick.score])).toEqual(
      b.picks.map((pick) => [pick.name, pick.score]),
    );
    expect(a.totalTokens).toBe(b.totalTokens);
  }
});
