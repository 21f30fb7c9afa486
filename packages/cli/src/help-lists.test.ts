import { benchRankerIds } from '@shortlist/bench';
import { gatewayModes } from '@shortlist/mcp';
import { expect, it } from 'vitest';
import { benchRankerNames, gatewayModeNames } from './help-lists.js';

it('help lists the same rankers and modes the lazily loaded packages accept', () => {
  expect(benchRankerNames).toEqual(benchRankerIds);
  expect(gatewayModeNames).toEqual(gatewayModes);
});

it("the CLI's default budget is lexical's", async () => {
  const { defaultMaxTokens } = await import('@shortlist/lexical');
  const { defaultBudget } = await import('./pipeline-names.js');
  expect(defaultBudget).toBe(defaultMaxTokens);
});
