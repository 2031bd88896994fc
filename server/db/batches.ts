/**
 * Statements that many callers make at once, gathered into one (decisions 162 and 164): the first
 * caller's statement goes at once; those that come while it runs wait for it and then go
 * together, and so on. Alone, a caller waits for nothing; under load, a statement carries many.
 * Each caller gets its own item's answer, and a failed statement fails every caller in it.
 * Writes (the dispatcher's, the audit log's) and reads (a card, an idempotency key, the STOPs
 * among an alert's numbers) alike.
 */
export function inBatches<Item, Answer>(
  write: (items: Item[]) => Promise<Answer[]>,
  options: { maxItems?: number } = {},
): (item: Item) => Promise<Answer> {
  const maxItems = options.maxItems ?? 500;
  let waiting: { item: Item; resolve: (a: Answer) => void; reject: (e: unknown) => void }[] = [];
  let running = false;

  const next = async () => {
    running = true;
    while (waiting.length) {
      const batch = waiting.slice(0, maxItems);
      waiting = waiting.slice(batch.length);
      try {
        const answers = await write(batch.map((w) => w.item));
        for (const [i, w] of batch.entries()) w.resolve(answers[i]!);
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    running = false;
  };

  return (item) =>
    new Promise<Answer>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void next();
    });
}

/**
 * `inBatches` kept per handle (a database, the pool's executor): calls on one handle gather,
 * calls on another (a transaction) gather among themselves. `make` builds the batch's statement
 * for a handle once.
 */
export function inBatchesPer<Handle extends object, Item, Answer>(
  make: (handle: Handle) => (items: Item[]) => Promise<Answer[]>,
): (handle: Handle, item: Item) => Promise<Answer> {
  const batcherOf = onePer((handle: Handle) => inBatches(make(handle)));
  return (handle, item) => batcherOf(handle)(item);
}

/** `make(handle)`, made on a handle's first call and kept as long as the handle lives. */
export function onePer<Handle extends object, Made>(
  make: (handle: Handle) => Made,
): (handle: Handle) => Made {
  const made = new WeakMap<Handle, Made>();
  return (handle) => {
    let kept = made.get(handle);
    if (kept === undefined) {
      kept = make(handle);
      made.set(handle, kept);
    }
    return kept;
  };
}

/**
 * `inBatches` per key (decision 165): calls with the same key gather, calls with other keys go
 * on beside them. `write` is given the key with its batch. A key's batcher is dropped once
 * nothing of it waits or runs.
 */
export function inBatchesByKey<Item, Answer>(
  write: (key: string, items: Item[]) => Promise<Answer[]>,
): (key: string, item: Item) => Promise<Answer> {
  const open = new Map<string, { run: (item: Item) => Promise<Answer>; calls: number }>();
  return (key, item) => {
    let entry = open.get(key);
    if (!entry) {
      entry = { run: inBatches((items: Item[]) => write(key, items)), calls: 0 };
      open.set(key, entry);
    }
    const batcher = entry;
    batcher.calls++;
    return batcher.run(item).finally(() => {
      if (--batcher.calls === 0 && open.get(key) === batcher) open.delete(key);
    });
  };
}
