import { badSelection, namesOf, ordinaryTools, pipelines } from '../catalogue.js';
import type { HostileCase } from '../hostile-case.js';

const names = ordinaryTools.map((tool) => tool.name);
const limits = [1e9, Number.MAX_SAFE_INTEGER, 2 ** 62];

/** Item 1: a huge `limit` on every pipeline, on a two-tool and a five-tool catalogue. */
export const limitCases: HostileCase[] = Object.entries(pipelines()).flatMap(([label, make]) =>
  limits.flatMap((limit) =>
    [2, 5].map(
      (size): HostileCase => ({
        item: 1,
        name: `${label}: select(q, { limit: ${limit} }) over ${size} tools`,
        wants: 'answer',
        run: async () =>
          (await make().index(ordinaryTools.slice(0, size))).select('email the team', { limit }),
        check: (answer) =>
          badSelection(answer, names.slice(0, size), size) ??
          (namesOf(answer).length === 0 ? 'nothing selected for "email"' : undefined),
      }),
    ),
  ),
);
