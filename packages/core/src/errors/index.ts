export { ApiCallError, type ApiFailureReason } from './api-call-error.js';
export { CorruptDataError } from './corrupt-data-error.js';
export { InvalidArgumentError } from './invalid-argument-error.js';
export { PluginError } from './plugin-error.js';
export { hasErrorCode, ShortlistError, type ShortlistErrorCode } from './shortlist-error.js';
export { UnsupportedSpecVersionError } from './unsupported-spec-version-error.js';
