/**
 * A small in-process LRU with a time to live and a bounded size. The portal runs ONE Node process per container
 * (see README "Spontaneous payments"), so what one request stores here the next request of the same browser finds;
 * with several processes behind a balancer it would need sticky sessions or a shared store.
 */
export type Lru<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  readonly size: number;
};

export function createLru<V>(options: { max: number; ttlMs: number; now?: () => number }): Lru<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expires: now() + options.ttlMs });
      while (entries.size > options.max) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
