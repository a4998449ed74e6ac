import { TestEnvironment } from 'jest-environment-node';

type Env = ConstructorParameters<typeof TestEnvironment>;

/** Typed arrays a native addon may hand back. */
const TYPED_ARRAYS = [
  'ArrayBuffer', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
  'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array',
] as const;

/**
 * Jest's node environment with the process's own typed-array constructors. onnxruntime-node's
 * native binding returns typed arrays of the main realm, and onnxruntime-common checks them with
 * `instanceof` against the sandbox's constructors, which fails ("A float32 tensor's data must be
 * type of Float32Array"). A spec that runs the local model in-process opts in with the docblock
 * `@jest-environment ./libs/embeddings/src/testing/native-realm.environment.ts`.
 */
export default class NativeRealmEnvironment extends TestEnvironment {
  constructor(config: Env[0], context: Env[1]) {
    super(config, context);
    for (const name of TYPED_ARRAYS) (this.global as Record<string, unknown>)[name] = globalThis[name];
  }
}
