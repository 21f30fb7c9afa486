import type { Tool } from '@shortlist/core';
import { readTools } from './read-tools.js';
import { sampleTools } from './sample-data.js';
import { refuseUnreadStdin } from './unread-stdin.js';

/** The `--tools` catalogue, else the bundled sample once stdin is known to hold no catalogue. */
export async function loadCatalogue(tools: string | undefined): Promise<Tool[]> {
  if (tools) return readTools(tools);
  await refuseUnreadStdin();
  return sampleTools();
}
