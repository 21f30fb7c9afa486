import { defaultTokenizer, hashString } from '@shortlist/core/kit';
import { expect, it } from 'vitest';
import { encodeRequest } from './request-form.js';

/** The stored form as the first version wrote it: stores written then must still match. */
const firstVersion = (text: string): string =>
  `#sl1 ${defaultTokenizer(text)
    .map(
      (term) =>
        hashString(term, 0x5eed).toString(16).padStart(8, '0') +
        hashString(term, 0x1ea2).toString(16).padStart(8, '0'),
    )
    .join(' ')}`;

it('keeps a request in the same stored form as the first version, leading zeros and all', () => {
  const requests = [
    'Email the team that the deploy is done',
    'did anyone leak an API key',
    'jot down that the rent is due friday',
    ...Array.from({ length: 2000 }, (_, i) => `word${i} term${i * 7919} x${i.toString(36)}`),
  ];
  let leadingZero = 0;
  for (const request of requests) {
    const stored = encodeRequest(request);
    expect(stored).toBe(firstVersion(request));
    if (/ 0/.test(stored)) leadingZero++;
  }
  // Hashes below 0x10000000 are padded: the check above covered them.
  expect(leadingZero).toBeGreaterThan(100);
});
