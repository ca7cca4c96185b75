/** Counts API requests in flight, so the host can show one progress bar for every remote. */
type Listener = (inFlight: number) => void;

let inFlight = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(inFlight);
}

export const requestActivity = {
  started(): void {
    inFlight += 1;
    emit();
  },
  finished(): void {
    inFlight = Math.max(0, inFlight - 1);
    emit();
  },
  current(): number {
    return inFlight;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
