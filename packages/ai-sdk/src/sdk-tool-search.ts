import { PluginError } from '@shortlist/core';
import * as ai from 'ai';

/**
 * The AI SDK's `toolSearch`, which ai 7 added. Read off the namespace rather than imported by
 * name, so this package still loads under ai 6 (what npm installs on Node 20) and only tool
 * search, not pre-selection, needs ai 7.
 */
export function sdkToolSearch(): typeof ai.toolSearch {
  const found = (ai as Partial<typeof ai>).toolSearch;
  if (typeof found !== 'function') {
    throw new PluginError({
      pluginId: '@shortlist/ai-sdk',
      message:
        'withToolSearch() needs the AI SDK\'s toolSearch, which ai 7 added; this project has an older "ai" (npm installs ai 6 on Node 20, since ai 7 needs Node ≥ 22). Use prepareStep, which works with ai 6, or move to Node 22+ and `npm install ai@7`',
    });
  }
  return found;
}
