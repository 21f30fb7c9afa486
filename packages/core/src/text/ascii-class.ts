/** `ASCII_CLASS[code]` for a lowercase letter. */
export const ASCII_LOWER = 1;
/** `ASCII_CLASS[code]` for an uppercase letter. */
export const ASCII_UPPER = 2;
/** `ASCII_CLASS[code]` for a digit. */
const ASCII_DIGIT = 3;

/**
 * The class of each ASCII code in word splitting: 0 separator, `ASCII_LOWER`, `ASCII_UPPER` or
 * 3 digit. One table, so every scanner that splits as `splitWords` does agrees on what a word is.
 */
export const ASCII_CLASS: Uint8Array = new Uint8Array(128);
for (let code = 97; code <= 122; code++) ASCII_CLASS[code] = ASCII_LOWER;
for (let code = 65; code <= 90; code++) ASCII_CLASS[code] = ASCII_UPPER;
for (let code = 48; code <= 57; code++) ASCII_CLASS[code] = ASCII_DIGIT;
