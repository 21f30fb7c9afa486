import { inspect } from 'node:util';

const keyPattern = /\bsk-[A-Za-z0-9_*-]{3,}/g;

// Placeholder keys for local servers ('ollama', 'x') are not secrets and would shred messages.
const isSecret = (secret: string | undefined): secret is string =>
  secret !== undefined && secret.length >= 8;

/** Removes the API key, and anything shaped like an OpenAI key, from text shown to users. */
export function redact(text: string, secret: string | undefined): string {
  const withoutSecret = isSecret(secret) ? text.split(secret).join('[redacted]') : text;
  return withoutSecret.replace(keyPattern, 'sk-[redacted]');
}

function leaks(value: unknown, secret: string | undefined): boolean {
  if (!isSecret(secret)) return false;
  try {
    // inspect() shows what JSON leaves out, such as response headers that echo the key.
    return `${String(value)} ${JSON.stringify(value)} ${inspect(value, { depth: 10 })}`.includes(
      secret,
    );
  } catch {
    return true;
  }
}

/** The SDK error as a `cause`, unless it would carry the key; then a redacted copy of its message. */
export function safeCause(error: unknown, secret: string | undefined): unknown {
  if (!leaks(error, secret) && !(error instanceof Error && keyPattern.test(error.message))) {
    keyPattern.lastIndex = 0;
    return error;
  }
  keyPattern.lastIndex = 0;
  return new Error(redact(error instanceof Error ? error.message : String(error), secret));
}
