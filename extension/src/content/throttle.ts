/** Runs `task` at most once per `intervalMs`, after the calls that asked for it (trailing edge). */
export function throttle(task: () => void, intervalMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      task();
    }, intervalMs);
  };
}
