/**
 * Counts the work in flight (API requests, route chunks being loaded) so the
 * 2 px progress bar can show while anything is pending.
 */
const listeners = new Set<() => void>();
let pending = 0;

function emit(): void {
  listeners.forEach((l) => l());
}

export const activity = {
  start(): void {
    pending += 1;
    emit();
  },
  end(): void {
    pending = Math.max(0, pending - 1);
    emit();
  },
  count(): number {
    return pending;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
