import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept: 50 % (V8's own
 * choice under a steady request load is up to 4×). Measured on the full bench seed: the server
 * keeps ~50 MB live, yet without this the first full collection under load came at ~200 MB of
 * heap and the process stood at 320 MB RSS; with it full collections run every ~13 s at ≤ 95 MB of
 * heap and RSS stays near 200 MB, the request rate within the run-to-run noise (bench/ANALYSIS.md).
 * A `--heap-growing-percent` given to node (NODE_OPTIONS or the command line) is left as given.
 */
export const HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) =>
    /^--heap[-_]growing[-_]percent\b/.test(arg),
  );
  if (given) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
