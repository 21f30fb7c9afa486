import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { UnsupportedSpecVersionError } from '../errors/unsupported-spec-version-error.js';
import type { FusionV1 } from '../spec/fusion-v1.js';
import type { LearnerV1 } from '../spec/learner-v1.js';
import type { PackerV1 } from '../spec/packer-v1.js';
import type { RankerV1 } from '../spec/ranker-v1.js';
import { supportedSpecVersions } from '../spec/versions.js';

type Kind = 'ranker' | 'fusion' | 'packer' | 'learner';
const requiredMethod: Record<Kind, string> = {
  ranker: 'doIndex',
  fusion: 'doFuse',
  packer: 'doPack',
  learner: 'doIndex',
};

/**
 * Checks that a value is a plugin of a spec version this core supports, so a wrong argument
 * fails when the pipeline is built, not on the first query.
 */
function checkPlugin(kind: Kind, value: unknown, argument: string): void {
  const plugin = value as { specificationVersion?: unknown; id?: unknown } | null | undefined;
  if (typeof plugin !== 'object' || plugin === null) {
    throw new InvalidArgumentError({
      argument,
      expected: `a ${kind} plugin`,
      message: `${argument} is ${plugin === null ? 'null' : typeof plugin}, not a ${kind}; did you forget to call the factory (bm25() rather than bm25)?`,
    });
  }
  const id = typeof plugin.id === 'string' ? plugin.id : '(no id)';
  if (!(supportedSpecVersions as readonly unknown[]).includes(plugin.specificationVersion)) {
    throw new UnsupportedSpecVersionError({
      kind,
      pluginId: id,
      received: plugin.specificationVersion,
      supported: supportedSpecVersions,
    });
  }
  const method = requiredMethod[kind];
  if (typeof plugin.id !== 'string' || plugin.id === '') {
    throw new InvalidArgumentError({
      argument: `${argument}.id`,
      expected: 'a non-empty string',
      message: `${argument} has no id; every ${kind} needs a non-empty string id`,
    });
  }
  if (typeof (plugin as Record<string, unknown>)[method] !== 'function') {
    throw new InvalidArgumentError({
      argument: `${argument}.${method}`,
      expected: 'a function',
      message: `${kind} "${id}" has no ${method}() method; implement ${kind} spec v1`,
    });
  }
}

export function checkRankers(rankers: readonly unknown[]): readonly RankerV1[] {
  rankers.forEach((ranker, index) => {
    checkPlugin('ranker', ranker, `pipe(rankers[${index}])`);
  });
  const seen = new Set<string>();
  for (const ranker of rankers as RankerV1[]) {
    // Ranker ids key placements, weights and snapshot parts in plain objects.
    if (ranker.id === '__proto__') {
      throw new InvalidArgumentError({
        argument: 'pipe(rankers)',
        expected: 'a ranker id other than "__proto__"',
        message:
          'a ranker has the id "__proto__", which cannot key its placements and weights; give it another id (most factories take { id })',
      });
    }
    if (seen.has(ranker.id)) {
      throw new InvalidArgumentError({
        argument: 'pipe(rankers)',
        expected: 'rankers with distinct ids',
        message: `two rankers share the id "${ranker.id}"; give one another id (most factories take { id }) so fusion can tell them apart`,
      });
    }
    seen.add(ranker.id);
  }
  return rankers as readonly RankerV1[];
}

/** A stage's `minDepth`: a positive integer (tools asked of each ranker) or nothing. */
function checkMinDepth(kind: 'fusion' | 'learner', argument: string, plugin: FusionV1 | LearnerV1) {
  const { minDepth, id } = plugin;
  if (minDepth !== undefined && !(Number.isSafeInteger(minDepth) && minDepth >= 1)) {
    throw new InvalidArgumentError({
      argument: `${argument}.minDepth`,
      expected: 'a positive integer or undefined',
      message: `${kind} "${id}" has minDepth ${String(minDepth)}; it must be a positive integer (tools asked of each ranker) or left out`,
    });
  }
}

export function checkFusion(fusion: unknown): FusionV1 {
  checkPlugin('fusion', fusion, '.fuse(fusion)');
  checkMinDepth('fusion', '.fuse(fusion)', fusion as FusionV1);
  const { abstainBelow, id } = fusion as FusionV1;
  if (
    abstainBelow !== undefined &&
    !(typeof abstainBelow === 'number' && abstainBelow >= 0 && abstainBelow <= 1)
  ) {
    throw new InvalidArgumentError({
      argument: '.fuse(fusion).abstainBelow',
      expected: 'a number from 0 to 1 or undefined',
      message: `fusion "${id}" has abstainBelow ${String(abstainBelow)}; it must be a probability from 0 to 1 (the first-pick confidence below which a select abstains) or left out`,
    });
  }
  return fusion as FusionV1;
}

export function checkPacker(packer: unknown): PackerV1 {
  checkPlugin('packer', packer, '.pack(packer)');
  return packer as PackerV1;
}

export function checkLearner(learner: unknown): LearnerV1 {
  checkPlugin('learner', learner, '.learn(learner)');
  checkMinDepth('learner', '.learn(learner)', learner as LearnerV1);
  return learner as LearnerV1;
}
