// Module hook for discover.mjs: 'node:test' resolves to the recorder instead.
export async function resolve(specifier, context, next) {
  if (specifier === 'node:test') {
    return { url: new URL('./discover-recorder.mjs', import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
