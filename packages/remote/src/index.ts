export { checkTexts } from './check-texts.js';
export { type CredentialSource, readCredential } from './read-credential.js';
export {
  type KeyShape,
  MIN_SECRET_LENGTH,
  type Redactor,
  redactor,
  safeCause,
} from './redact.js';
export { type RemoteEmbedderParts, remoteEmbedder } from './remote-embedder.js';
export { backoffMs, MAX_RETRY_AFTER_MS, retryAfterMs, sleep } from './retry-timing.js';
