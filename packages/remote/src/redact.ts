import { inspect } from 'node:util';

/** Shorter values are too likely to appear by chance (`1`, `on`) to be worth masking. */
export const MIN_SECRET_LENGTH = 4;

/** Shorter base64 fragments of a secret are too likely to appear by chance in other text. */
const minEncodedLength = 8;

/** Text shaped like a provider's keys (`sk-…`, `hf_…`), masked even when it is not the key given. */
export interface KeyShape {
  /** Matches one key; made global and case-sensitive as written. */
  readonly pattern: RegExp;
  /** What a match becomes, e.g. `'sk-[redacted]'`. */
  readonly mask: string;
}

/** Masks secrets in text bound for a log, an error or a client. */
export interface Redactor {
  /** `message` with every form of every secret, in any letter case, replaced by `[redacted]`. */
  clean(message: string): string;
  /** Length of the longest form masked: text cut this far short of a boundary holds no partial secret. */
  readonly longest: number;
}

/**
 * The fragments of `text`'s base64 that do not depend on the bytes around it, at each of the
 * three alignments it can have inside longer base64 (as in "Basic base64(user:secret)").
 */
function base64Cores(text: string): string[] {
  const bytes = Buffer.from(text);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const total = offset + bytes.length;
    const core = encoded.slice(Math.ceil((offset * 4) / 3), Math.floor((total * 4) / 3));
    if (core.length >= minEncodedLength) {
      cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return cores;
}

/** Every form a secret may be echoed in: as is, URL- or form-encoded, JSON-escaped, base64(url). */
function forms(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64url'),
    ...base64Cores(secret),
  ];
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The one redaction of every remote part (embedders, the MCP gateway): each secret of at least
 * `MIN_SECRET_LENGTH` characters is masked as is and URL-, JSON- and base64-encoded, in any letter
 * case; `shapes` also mask anything shaped like a key. The pattern is literal alternatives only,
 * which cannot backtrack.
 */
export function redactor(
  secrets: readonly (string | undefined)[],
  shapes: readonly KeyShape[] = [],
): Redactor {
  const kept = secrets.filter(
    (secret): secret is string => typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH,
  );
  const all = [...new Set(kept.flatMap(forms))].sort((a, b) => b.length - a.length);
  const pattern = all.length === 0 ? undefined : new RegExp(all.map(literal).join('|'), 'gi');
  const masks = shapes.map(({ pattern: shape, mask }) => ({
    pattern: new RegExp(shape.source, shape.flags.includes('g') ? shape.flags : `${shape.flags}g`),
    mask,
  }));
  return {
    clean: (message) => {
      let out = pattern ? message.replace(pattern, '[redacted]') : message;
      for (const { pattern: shape, mask } of masks) out = out.replace(shape, mask);
      return out;
    },
    longest: all[0]?.length ?? 0,
  };
}

/**
 * An SDK's error as a `cause`, unless anything it shows (its text, its JSON, what `inspect`
 * prints, response headers included) holds a secret; then a plain `Error` with its message
 * redacted. An error that cannot be printed counts as holding one.
 */
export function safeCause(error: unknown, redaction: Redactor): unknown {
  let text: string;
  try {
    text = `${String(error)} ${JSON.stringify(error)} ${inspect(error, { depth: 10 })}`;
  } catch {
    text = '';
  }
  if (text !== '' && redaction.clean(text) === text) return error;
  let message: string;
  try {
    message = error instanceof Error ? error.message : String(error);
  } catch {
    message = 'an error that could not be printed';
  }
  return new Error(redaction.clean(message));
}
