/** openapi-fuzzer-core ships no types: what test/sandbox/openapi-fuzz.test.ts uses of it. */
declare module 'openapi-fuzzer-core' {
  const fuzzer: { swagger(description: object): unknown[] };
  export default fuzzer;
}
