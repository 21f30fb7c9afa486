export { actionVerbGroups } from './action-verbs.js';
export { nameMatch } from './name-match.js';
export type { NameMatchOptions } from './name-match-options.js';
