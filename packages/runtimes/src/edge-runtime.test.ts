import { EdgeRuntime } from 'edge-runtime';
import { beforeAll, expect, it } from 'vitest';
import { bundleRunPicks, GLOBAL_NAME } from './bundle.js';
import { expectSameAsNode, nodeInput, nodeReport } from './node-reference.js';
import type { RuntimeInput, RuntimeReport } from './run-picks.js';

let bundle: string;
let input: RuntimeInput;
let node: RuntimeReport;
beforeAll(async () => {
  // Bundled for the web: a node: import anywhere in the picked packages fails right here.
  bundle = await bundleRunPicks();
  input = await nodeInput();
  node = await nodeReport(input);
}, 120_000);

it("Vercel's Edge Runtime has none of Node's globals, so the run below proves portability", () => {
  const runtime = new EdgeRuntime();
  const globals = ['process', 'require', 'Buffer', 'setImmediate', 'module'];
  expect(globals.map((name) => runtime.evaluate<string>(`typeof ${name}`))).toEqual(
    globals.map(() => 'undefined'),
  );
  expect(runtime.evaluate<string>('typeof EdgeRuntime')).toBe('string');
});

it('lexical() with a budget, snapshots, fusion and the AI SDK adapter pick as in Node', async () => {
  const runtime = new EdgeRuntime({ initialCode: bundle });
  const json = await runtime.evaluate<Promise<string>>(
    `${GLOBAL_NAME}.runPicks(${JSON.stringify(input)})`,
  );
  await expectSameAsNode(JSON.parse(json) as RuntimeReport, node);
}, 120_000);
