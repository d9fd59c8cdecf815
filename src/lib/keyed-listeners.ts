type Listener = () => void;

/** Listeners per key, for stores that re-render only the components watching a changed key. */
export class KeyedListeners {
  private readonly byKey = new Map<string, Set<Listener>>();

  subscribe(key: string, listener: Listener): () => void {
    let set = this.byKey.get(key);
    if (!set) {
      set = new Set();
      this.byKey.set(key, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  notify(key: string): void {
    for (const listener of this.byKey.get(key) ?? []) listener();
  }

  notifyAll(): void {
    for (const set of this.byKey.values()) for (const listener of set) listener();
  }
}
