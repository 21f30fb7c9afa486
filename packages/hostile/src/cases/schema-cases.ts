import { bm25 } from '@shortlist/bm25';
import { budget } from '@shortlist/budget';
import { pipe } from '@shortlist/core';
import { namesOf, ordinaryTools } from '../catalogue.js';
import type { HostileCase } from '../hostile-case.js';

const cyclic = (): Record<string, unknown> => {
  const schema: Record<string, unknown> = { type: 'object', properties: {} };
  (schema.properties as Record<string, unknown>).self = schema;
  return schema;
};
const deep = (levels: number): Record<string, unknown> => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { x: schema } };
  return schema;
};
const schemas: [string, () => Record<string, unknown>][] = [
  ['a cyclic schema', cyclic],
  ['a schema 10,000 levels deep', () => deep(10_000)],
  ['a BigInt default', () => ({ type: 'object', properties: { n: { default: 10n } } })],
];

/** Item 9: schemas JSON cannot encode: a packer names the tool at index; rankers cope. */
export const schemaCases: HostileCase[] = schemas.flatMap(([label, make]): HostileCase[] => {
  const tools = () => [
    ...ordinaryTools,
    { name: 'fax_tool', description: 'Send a fax', parameters: make() },
  ];
  return [
    {
      item: 9,
      name: `budget pipeline indexing ${label}`,
      wants: 'typed-error',
      run: async () => pipe(bm25()).pack(budget(4000)).index(tools()),
    },
    {
      item: 9,
      name: `bm25 pipeline selecting a tool with ${label}`,
      wants: 'answer',
      run: async () => (await pipe(bm25()).index(tools())).select('fax', { limit: 3 }),
      check: (answer) => (namesOf(answer)[0] === 'fax_tool' ? undefined : 'fax_tool not found'),
    },
  ];
});
