import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FLOAT,
  INT64,
  type OnnxInitializer,
  type OnnxNode,
  writeOnnxModel,
} from './onnx-writer.js';

/**
 * A tiny BERT-shaped sentence encoder written by the test: a WordPiece tokenizer.json, a
 * config.json and an ONNX graph whose token states are `E[token] + masked mean of E over the
 * text`, so mean pooling and CLS pooling give different, computable vectors.
 */
const SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'] as const;
const WORDS = [
  ...'query passage search document represent this sentence for searching relevant passages'.split(
    ' ',
  ),
  ...'make a folder create directory post message to the channel list files read file send chat'.split(
    ' ',
  ),
  ...'let on call know weather in berlin tomorrow refund last payment email team meeting'.split(
    ' ',
  ),
  ':',
  '_',
  ',',
  '.',
  'nan',
];
const VOCABULARY = [...SPECIALS, ...WORDS];

/** Deterministic table values in [-1, 1); `nan` (when poisoned) embeds to NaN. */
export function embeddingTable(width: number, seed: number, poison = false): number[][] {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 31 - 1;
  };
  return VOCABULARY.map((token) =>
    Array.from({ length: width }, () => (poison && token === 'nan' ? Number.NaN : next())),
  );
}

export interface TinyModelOptions {
  /** Width of the token table (the vector length the model really returns). @default 8 */
  readonly width?: number;
  /** hidden_size written to config.json. @default width */
  readonly configWidth?: number;
  /** The word `nan` embeds to NaN. */
  readonly poison?: boolean;
  /** The graph appends one extra row on the batch axis (wrong vector count under CLS pooling). */
  readonly extraRow?: boolean;
  /** Also write onnx/model_quantized.onnx (a different table) for dtype 'q8'. */
  readonly quantized?: boolean;
  /** Folder name, which picks the model family's conventions (`e5-tiny`, `bge-tiny`). @default 'tiny-model' */
  readonly name?: string;
  /** Files to leave out, e.g. 'tokenizer.json'. */
  readonly omit?: readonly string[];
}

function graphNodes(extraRow: boolean): OnnxNode[] {
  const nodes: OnnxNode[] = [
    { op: 'Gather', inputs: ['table', 'input_ids'], outputs: ['tokens'] },
    { op: 'Cast', inputs: ['attention_mask'], outputs: ['mask'], ints: { to: FLOAT } },
    { op: 'Unsqueeze', inputs: ['mask', 'axis_two'], outputs: ['mask3'] },
    { op: 'Mul', inputs: ['tokens', 'mask3'], outputs: ['masked'] },
    { op: 'ReduceSum', inputs: ['masked', 'axis_one'], outputs: ['sum'], ints: { keepdims: 1 } },
    { op: 'ReduceSum', inputs: ['mask3', 'axis_one'], outputs: ['count'], ints: { keepdims: 1 } },
    { op: 'Div', inputs: ['sum', 'count'], outputs: ['context'] },
  ];
  if (!extraRow) {
    nodes.push({ op: 'Add', inputs: ['tokens', 'context'], outputs: ['last_hidden_state'] });
    return nodes;
  }
  nodes.push(
    { op: 'Add', inputs: ['tokens', 'context'], outputs: ['states'] },
    { op: 'Slice', inputs: ['states', 'zero', 'one', 'axis_zero'], outputs: ['first'] },
    {
      op: 'Concat',
      inputs: ['states', 'first'],
      outputs: ['last_hidden_state'],
      ints: { axis: 0 },
    },
  );
  return nodes;
}

function onnxModel(table: number[][], extraRow: boolean): Uint8Array {
  const width = table[0]!.length;
  const scalar = (name: string, value: number): OnnxInitializer => ({
    name,
    type: INT64,
    dims: [1],
    values: [value],
  });
  return writeOnnxModel({
    nodes: graphNodes(extraRow),
    initializers: [
      { name: 'table', type: FLOAT, dims: [table.length, width], values: table.flat() },
      scalar('axis_zero', 0),
      scalar('axis_one', 1),
      scalar('axis_two', 2),
      scalar('zero', 0),
      scalar('one', 1),
    ],
    inputs: [
      { name: 'input_ids', type: INT64, dims: ['batch', 'sequence'] },
      { name: 'attention_mask', type: INT64, dims: ['batch', 'sequence'] },
    ],
    outputs: [{ name: 'last_hidden_state', type: FLOAT, dims: ['batch_out', 'sequence', width] }],
  });
}

function tokenizerJson(): object {
  const special = (content: string, id: number) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(VOCABULARY.map((token, id) => [token, id])),
    },
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Writes the model folder into a fresh temp directory and returns its path. */
export async function writeTinyModel(options: TinyModelOptions = {}): Promise<string> {
  const width = options.width ?? 8;
  const folder = join(
    await mkdtemp(join(tmpdir(), 'shortlist-tiny-model-')),
    options.name ?? 'tiny-model',
  );
  await mkdir(join(folder, 'onnx'), { recursive: true });
  const files: Record<string, string | Uint8Array> = {
    'config.json': json({
      architectures: ['BertModel'],
      model_type: 'bert',
      hidden_size: options.configWidth ?? width,
      vocab_size: VOCABULARY.length,
      max_position_embeddings: 64,
    }),
    'tokenizer.json': json(tokenizerJson()),
    'tokenizer_config.json': json({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 64,
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
    }),
    'special_tokens_map.json': json({
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
    }),
    'onnx/model.onnx': onnxModel(embeddingTable(width, 7, options.poison), !!options.extraRow),
  };
  if (options.quantized) {
    files['onnx/model_quantized.onnx'] = onnxModel(embeddingTable(width, 99), false);
  }
  for (const [name, content] of Object.entries(files)) {
    if (!options.omit?.includes(name)) await writeFile(join(folder, name), content);
  }
  return folder;
}

/** Token ids of a text as this vocabulary's BERT tokenizer splits it (whole words, punctuation apart). */
function referenceTokens(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z0-9]+|[^\sa-z0-9]/g) ?? [];
  return [2, ...words.map((word) => Math.max(1, VOCABULARY.indexOf(word))), 3];
}

/** The vector the tiny model gives a text under a pooling, unit length, computed in plain JS. */
export function referenceVector(
  text: string,
  pooling: 'mean' | 'cls',
  table = embeddingTable(8, 7),
): Float32Array {
  const ids = referenceTokens(text);
  const width = table[0]!.length;
  const context = new Float64Array(width);
  for (const id of ids) for (let d = 0; d < width; d++) context[d]! += table[id]![d]! / ids.length;
  // Mean of (E[t] + context) over tokens is 2 * context; CLS is E[CLS] + context.
  const out = Float64Array.from(context, (value, d) =>
    pooling === 'mean' ? 2 * value : table[2]![d]! + value,
  );
  const norm = Math.hypot(...out);
  return Float32Array.from(out, (value) => value / norm);
}
