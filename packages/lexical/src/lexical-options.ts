/** Options of `lexical()`. */
export interface LexicalOptions {
  /** Token budget the picks are packed into, or `false` to return them unpacked. @default 4000 */
  readonly maxTokens?: number | false;
  /** Model the tools are sent to; picks the tokenizer that counts the budget. @default 'gpt-4o' */
  readonly model?: string;
}
