import { join } from 'node:path';
import {
  type AbstentionReport,
  type AbstentionSplit,
  abstentionRequests,
  type Dataset,
  evaluateAbstention,
  loadDataset,
} from '@shortlist/eval';
import { createPipeline, type PipelineSettings } from './pipelines.js';
import { stderrLine } from './terminal-text.js';

/** The shared sets the abstention benchmark pits against each other. */
const abstentionSets = ['bfcl', 'metatool', 'sealtools'] as const;

/** How `runAbstention` draws and runs its requests. */
interface RunAbstentionOptions {
  readonly pipeline?: string;
  readonly split?: AbstentionSplit;
  readonly own?: number;
  readonly foreign?: number;
  readonly leaveOut?: number;
  readonly settings?: PipelineSettings;
}

/**
 * The abstention benchmark over `dir`'s shared sets: each set's catalogue indexed once and asked
 * its own requests, the other sets' requests and leave-out requests, on one split.
 */
export async function runAbstention(
  dir: string,
  options: RunAbstentionOptions = {},
): Promise<AbstentionReport[]> {
  const { pipeline = 'lexical', split = 'test', own, foreign, leaveOut } = options;
  const datasets: Dataset[] = [];
  for (const name of abstentionSets) datasets.push(await loadDataset(join(dir, name)));
  const reports: AbstentionReport[] = [];
  for (const catalogue of datasets) {
    const others = datasets.filter((dataset) => dataset !== catalogue);
    const requests = abstentionRequests(catalogue, others, split, {
      ...(own === undefined ? {} : { own }),
      ...(foreign === undefined ? {} : { foreign }),
      ...(leaveOut === undefined ? {} : { leaveOut }),
    });
    stderrLine(
      `abstention: ${pipeline} on ${catalogue.name} (${requests.length} requests, ${split})`,
    );
    const picker = await (await createPipeline(pipeline, options.settings)).index(catalogue.tools);
    try {
      reports.push(await evaluateAbstention(picker, catalogue, requests));
    } finally {
      picker.dispose();
    }
  }
  return reports;
}
