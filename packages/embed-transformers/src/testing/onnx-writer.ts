/**
 * Just enough protobuf to write an ONNX model: tests build their tiny model with it, so no
 * model file is downloaded or checked in.
 */
type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return out;
}

const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const intField = (field: number, value: number | bigint): Field =>
  Uint8Array.from([...varint(field << 3), ...varint(value)]);
const bytesField = (field: number, bytes: Uint8Array): Field =>
  concat([Uint8Array.from([...varint((field << 3) | 2), ...varint(bytes.length)]), bytes]);
const stringField = (field: number, text: string): Field =>
  bytesField(field, new TextEncoder().encode(text));
const message = (field: number, parts: readonly Field[]): Field => bytesField(field, concat(parts));

/** ONNX element types used here. */
export const FLOAT = 1 as const;
export const INT64 = 7 as const;

/** A graph node: `op` with named inputs, outputs and integer(-list) attributes. */
export interface OnnxNode {
  readonly op: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly ints?: Record<string, number | readonly number[]>;
}

/** A constant tensor stored in the graph. */
export interface OnnxInitializer {
  readonly name: string;
  readonly type: typeof FLOAT | typeof INT64;
  readonly dims: readonly number[];
  readonly values: readonly number[];
}

/** A graph input or output; string dims are symbolic (`batch`, `sequence`). */
export interface OnnxValue {
  readonly name: string;
  readonly type: typeof FLOAT | typeof INT64;
  readonly dims: readonly (number | string)[];
}

function valueInfo(field: number, value: OnnxValue): Field {
  const dims = value.dims.map((dim) =>
    message(1, [typeof dim === 'number' ? intField(1, dim) : stringField(2, dim)]),
  );
  const tensorType = message(1, [intField(1, value.type), message(2, dims)]);
  return message(field, [stringField(1, value.name), message(2, [tensorType])]);
}

function initializer(tensor: OnnxInitializer): Field {
  const raw =
    tensor.type === FLOAT
      ? new Uint8Array(Float32Array.from(tensor.values).buffer)
      : new Uint8Array(BigInt64Array.from(tensor.values.map((v) => BigInt(v))).buffer);
  return message(5, [
    ...tensor.dims.map((dim) => intField(1, dim)),
    intField(2, tensor.type),
    stringField(8, tensor.name),
    bytesField(9, raw),
  ]);
}

function node(spec: OnnxNode, index: number): Field {
  const attributes = Object.entries(spec.ints ?? {}).map(([name, value]) =>
    typeof value === 'number'
      ? message(5, [stringField(1, name), intField(3, value), intField(20, 2)])
      : message(5, [stringField(1, name), ...value.map((v) => intField(8, v)), intField(20, 7)]),
  );
  return message(1, [
    ...spec.inputs.map((name) => stringField(1, name)),
    ...spec.outputs.map((name) => stringField(2, name)),
    stringField(3, `${spec.op}_${index}`),
    stringField(4, spec.op),
    ...attributes,
  ]);
}

/** Serialises a one-graph ONNX model (IR 8, default opset 17). */
export function writeOnnxModel(graph: {
  readonly nodes: readonly OnnxNode[];
  readonly initializers: readonly OnnxInitializer[];
  readonly inputs: readonly OnnxValue[];
  readonly outputs: readonly OnnxValue[];
}): Uint8Array {
  const graphProto = message(7, [
    ...graph.nodes.map(node),
    stringField(2, 'tiny'),
    ...graph.initializers.map(initializer),
    ...graph.inputs.map((value) => valueInfo(11, value)),
    ...graph.outputs.map((value) => valueInfo(12, value)),
  ]);
  return concat([
    intField(1, 8),
    stringField(2, 'shortlist-test'),
    graphProto,
    message(8, [stringField(1, ''), intField(2, 17)]),
  ]);
}
