import { MAX_QUERY_TERMS, toTools } from '@shortlist/core';
import { expect, it } from 'vitest';
import { tfidf } from './tfidf.js';

/** A distinct made-up word per i that no stemmer or stopword list alters. */
const word = (i: number): string =>
  `q${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}z`;

it('scores a query of more than MAX_QUERY_TERMS distinct terms as its rarest MAX_QUERY_TERMS', async () => {
  const count = MAX_QUERY_TERMS + 44;
  // Tool j has words 0..j, so word i is in count - i tools: later words are rarer.
  const tools = toTools(
    Array.from({ length: count }, (_, j) => ({
      name: `tool_${j}`,
      description: Array.from({ length: j + 1 }, (_, i) => word(i)).join(' '),
    })),
  );
  const index = await tfidf().doIndex(tools);
  const all = Array.from({ length: count }, (_, i) => word(i));
  const full = await index.doRank(all.join(' '), { limit: count });
  const rarest = await index.doRank(all.slice(44).join(' '), { limit: count });
  expect(full).toEqual(rarest);
  // Tools 0..43 hold only the common words the policy drops.
  expect(full.map((entry) => entry.name)).not.toContain('tool_43');
  expect(full).toHaveLength(count - 44);
  // Within the bound nothing is dropped: the 44 common words still find their tools.
  const within = await index.doRank(all.slice(0, MAX_QUERY_TERMS).join(' '), { limit: count });
  expect(within).toHaveLength(count);
});
