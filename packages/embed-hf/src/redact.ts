const tokenPattern = /\bhf_[A-Za-z0-9]{6,}/g;

// Placeholder tokens for local servers are not secrets and would shred messages.
const isSecret = (secret: string | undefined): secret is string =>
  secret !== undefined && secret.length >= 8;

/** Removes the access token, and anything shaped like a Hugging Face token, from text. */
export function redact(text: string, secret: string | undefined): string {
  const withoutSecret = isSecret(secret) ? text.split(secret).join('[redacted]') : text;
  return withoutSecret.replace(tokenPattern, 'hf_[redacted]');
}

/** The SDK error as a `cause`, unless its text would carry the token; then a redacted copy. */
export function safeCause(error: unknown, secret: string | undefined): unknown {
  let text: string;
  try {
    text = `${String(error)} ${JSON.stringify(error)}`;
  } catch {
    text = String(error);
  }
  if (redact(text, secret) === text) return error;
  return new Error(redact(error instanceof Error ? error.message : String(error), secret));
}
