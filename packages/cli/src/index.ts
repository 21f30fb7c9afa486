export {
  createPipeline,
  defaultBudget,
  defaultModel,
  defaultPipeline,
  isPipelineName,
  offlinePipelines,
  type PipelineName,
  type PipelineSettings,
  pipelineNames,
  pipelineSummaries,
} from './pipelines.js';
export { createProgram } from './program.js';
export { run } from './run.js';
