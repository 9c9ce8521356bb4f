// Stands in for node:test while discover.mjs lists test cases: records names, runs nothing.
const record = (name, options) => {
  if (typeof name !== 'string') throw new Error('discover.mjs: every browser test needs a name string');
  globalThis.__browserTests.push({ name, skip: Boolean(options && typeof options === 'object' && (options.skip || options.todo)) });
};
export function test(name, options) { record(name, options); }
test.skip = (name) => globalThis.__browserTests.push({ name, skip: true });
test.todo = test.skip;
export const it = test;
export function describe() {
  throw new Error('discover.mjs lists top-level test() calls only; describe() would need support there');
}
export const suite = describe;
export function before() {}
export function after() {}
export function beforeEach() {}
export function afterEach() {}
export default test;
