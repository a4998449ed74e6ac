import wabt from 'wabt';

/**
 * The one loop of the resident search, in WebAssembly SIMD: out[r] = Σ_j codes[r][j] · probe[j]
 * for int8 rows and an int16 probe, summed exactly in int32 (int8-codes.ts keeps the sums in
 * range). Eight products per instruction; a scan of 100,000 rows of 384 takes ≈ 1.6 ms on one core
 * here, where plain JavaScript takes ≈ 25 ms (bench/vector-accuracy/README.md). Pointers are byte
 * offsets into the imported memory; d is a multiple of 16.
 */
const DOT_I8_WAT = `(module
  (import "env" "mem" (memory 1))
  (func (export "dotI8") (param $m i32) (param $q i32) (param $out i32) (param $n i32) (param $d i32)
    (local $r i32) (local $j i32) (local $row i32) (local $qj i32) (local $v v128) (local $a v128)
    (local.set $row (local.get $m))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $n)))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $j (i32.const 0))
        (local.set $qj (local.get $q))
        (loop $cols
          (local.set $v (v128.load (i32.add (local.get $row) (local.get $j))))
          (local.set $a (i32x4.add (local.get $a)
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $qj)))))
          (local.set $a (i32x4.add (local.get $a)
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $qj)))))
          (local.set $qj (i32.add (local.get $qj) (i32.const 32)))
          (local.set $j (i32.add (local.get $j) (i32.const 16)))
          (br_if $cols (i32.lt_u (local.get $j) (local.get $d))))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $a)) (i32x4.extract_lane 1 (local.get $a)))
            (i32.add (i32x4.extract_lane 2 (local.get $a)) (i32x4.extract_lane 3 (local.get $a)))))
        (local.set $row (i32.add (local.get $row) (local.get $d)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows))))
)`;

/** Node's WebAssembly global, as far as this file uses it (the project's lib, ES2023 without DOM, does not declare it). */
declare const WebAssembly: {
  Memory: new (descriptor: { initial: number; maximum?: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
};

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

export const WASM_PAGE = 65_536;

let compiled: Promise<object> | undefined;

/** The kernel's module, compiled once per process (wabt parses the text: ≈ 0.1 s). */
function kernelModule(): Promise<object> {
  compiled ??= wabt().then((tools) => {
    const parsed = tools.parseWat('dot-i8.wat', DOT_I8_WAT, { simd: true });
    try {
      return new WebAssembly.Module(parsed.toBinary({}).buffer);
    } finally {
      parsed.destroy();
    }
  });
  return compiled;
}

/** One instance of the kernel over a memory of its own. */
export interface Int8Kernel {
  readonly memory: WasmMemory;
  dotI8(codes: number, probe: number, out: number, rows: number, dim: number): void;
}

export async function newInt8Kernel(bytes: number): Promise<Int8Kernel> {
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / WASM_PAGE)) });
  const instance = new WebAssembly.Instance(await kernelModule(), { env: { mem: memory } });
  return { memory, dotI8: instance.exports.dotI8 as Int8Kernel['dotI8'] };
}
