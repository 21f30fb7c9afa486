/**
 * Symmetric integer (int8 or int16) quantisation of one vector with its own scale, and the two norms the vector
 * index's error bound needs: of the rounding error and of the dequantised vector.
 */
export interface Quantized {
  scale: number;
  /** ‖x − scale·codes‖₂ */
  errorNorm: number;
  /** ‖scale·codes‖₂ */
  norm: number;
}

/** Writes `vector`'s codes (within ±`maxCode`) into `codes` at `offset` and returns its scale and norms. */
export function quantizeInto(
  vector: Float32Array,
  from: number,
  length: number,
  codes: Int8Array | Int16Array,
  offset: number,
  maxCode = 127,
): Quantized {
  let max = 0;
  for (let i = 0; i < length; i++) {
    const value = Math.abs(vector[from + i]!);
    if (value > max) max = value;
  }
  if (max === 0) {
    codes.fill(0, offset, offset + length);
    return { scale: 0, errorNorm: 0, norm: 0 };
  }
  const scale = max / maxCode;
  let error = 0;
  let squares = 0;
  for (let i = 0; i < length; i++) {
    const value = vector[from + i]!;
    const code = Math.round(value / scale);
    codes[offset + i] = code;
    const residual = value - scale * code;
    error += residual * residual;
    squares += code * code;
  }
  return { scale, errorNorm: Math.sqrt(error), norm: scale * Math.sqrt(squares) };
}
