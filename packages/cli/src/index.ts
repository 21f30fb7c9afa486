export {
  defaultBudget,
  defaultModel,
  defaultPipeline,
  isPipelineName,
  offlinePipelines,
  type PipelineName,
  pipelineNames,
} from './pipeline-names.js';
export { createPipeline, type PipelineSettings, pipelineSummaries } from './pipelines.js';
export { createProgram } from './program.js';
export { run } from './run.js';
