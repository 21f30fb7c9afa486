/**
 * Turns one wire embedding into a Float32Array: a base64 string of little-endian float32 bytes
 * (what `encoding_format: 'base64'` returns) or an array of numbers. Returns a reason string
 * when the value is neither, so the caller can raise a typed error.
 */
export function decodeEmbedding(value: unknown): Float32Array | string {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length % 4 !== 0) {
      return `a base64 embedding of ${bytes.length} bytes, not a whole number of float32s`;
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    const out = new Float32Array(bytes.length / 4);
    for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
    return out;
  }
  if (Array.isArray(value)) {
    const out = new Float32Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const component = value[i];
      if (typeof component !== 'number') return `an embedding with a non-number at [${i}]`;
      out[i] = component;
    }
    return out;
  }
  return `an embedding of type ${value === null ? 'null' : typeof value}`;
}
