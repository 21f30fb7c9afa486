/**
 * The text of a message's content: a string, or the text of its text parts (`input_text`,
 * `output_text`, Chat `text`); images, files and audio carry no words to search by.
 */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') texts.push(part);
    else if (
      typeof part === 'object' &&
      part !== null &&
      typeof (part as { text?: unknown }).text === 'string' &&
      (part as { type?: unknown }).type !== 'refusal'
    ) {
      texts.push((part as { text: string }).text);
    }
  }
  return texts.join('\n');
}
