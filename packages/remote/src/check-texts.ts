import { InvalidArgumentError } from '@shortlist/core';

/**
 * Rejects a batch holding anything but non-empty strings, before a request is sent: remote
 * embedding APIs refuse empty input, and a failed request would hide which text was wrong.
 * `service` names what refuses them in the message, e.g. 'the OpenAI API'.
 */
export function checkTexts(texts: readonly unknown[], service: string): void {
  texts.forEach((text, i) => {
    if (typeof text !== 'string' || text.length === 0) {
      throw new InvalidArgumentError({
        argument: `texts[${i}]`,
        expected: 'a non-empty string',
        message: `doEmbed: texts[${i}] is ${text === '' ? 'empty' : typeof text}; ${service} embeds only non-empty strings`,
      });
    }
  });
}
