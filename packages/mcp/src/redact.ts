/** Shorter values are too likely to appear by chance (`1`, `on`) to be worth masking. */
const minSecretLength = 4;

/** Collects the values of upstream `env` and `headers`, which are credentials more often than not. */
export function secretValues(records: readonly Readonly<Record<string, string>>[]): string[] {
  const values = new Set<string>();
  for (const record of records) {
    for (const value of Object.values(record)) {
      if (value.length >= minSecretLength) values.add(value);
      // "Bearer abc…": the token alone may be echoed back by a server.
      const token = /^\S+\s+(\S{4,})$/.exec(value)?.[1];
      if (token) values.add(token);
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** Replaces every secret value in a message with `[redacted]`, longest first. */
export function redact(message: string, secrets: readonly string[]): string {
  let out = message;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return out;
}
