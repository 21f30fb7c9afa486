import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, redactor, safeCause } from './redact.js';

const secret = 'sk-Live+Do/Not=Print-4242';
const openAIKeys = [{ pattern: /\bsk-[A-Za-z0-9_*-]{3,}/, mask: 'sk-[redacted]' }];

describe('redactor', () => {
  it('masks a secret as is, in any case, and URL-, JSON- and base64-encoded', () => {
    const { clean } = redactor([secret]);
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    for (const echo of [
      secret,
      secret.toUpperCase(),
      encodeURIComponent(secret),
      JSON.stringify({ key: secret }),
      b64(secret),
      b64(`user:${secret}`),
      Buffer.from(secret).toString('base64url'),
    ]) {
      const out = clean(`401 for ${echo} (retrying)`);
      expect(out, echo).toContain('[redacted]');
      expect(out.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(clean('connection closed')).toBe('connection closed');
  });

  it('masks text shaped like a key even when it is not the one given', () => {
    const { clean } = redactor(['hf_given_token'], openAIKeys);
    expect(clean('server echoed sk-other0123456789 and hf_given_token')).toBe(
      'server echoed sk-[redacted] and [redacted]',
    );
  });

  it(`leaves values shorter than ${MIN_SECRET_LENGTH} characters, and undefined, alone`, () => {
    const { clean, longest } = redactor(['on', undefined, 'abc']);
    expect(clean('debug on, abc')).toBe('debug on, abc');
    expect(longest).toBe(0);
    expect(redactor(['ollama']).clean('ollama said no')).toBe('[redacted] said no');
  });
});

describe('safeCause', () => {
  const redaction = redactor([secret], openAIKeys);

  it('keeps an error that shows no secret', () => {
    const error = new Error('socket hang up');
    expect(safeCause(error, redaction)).toBe(error);
  });

  it('replaces an error whose headers, seen only by inspect, echo the key', () => {
    const error = Object.assign(new Error('bad request'), {
      headers: new Map([['x-echo', `Bearer ${secret}`]]),
    });
    const cause = safeCause(error, redaction);
    expect(cause).not.toBe(error);
    expect(inspect(cause, { depth: 10 })).not.toContain(secret);
    expect((cause as Error).message).toBe('bad request');
  });

  it('redacts the message of a replaced error, and treats an unprintable one as leaking', () => {
    const cause = safeCause(new Error(`Incorrect API key provided: ${secret}`), redaction);
    expect((cause as Error).message).toBe('Incorrect API key provided: [redacted]');
    const unprintable = {
      toString() {
        throw new Error('no');
      },
    };
    expect(safeCause(unprintable, redaction)).toBeInstanceOf(Error);
  });
});
