/**
 * Runs `callback` once the browser has painted the current frame (a frame callback, then a task
 * after it), so work such as moving focus — which forces style and layout — stays out of the
 * frame a tap is waiting for (INP, issue 42). Returns a function that cancels it.
 */
export function afterPaint(callback: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
