/**
 * `compute` remembered by its string argument, for answers that depend on that argument alone (so sharing them
 * between requests shares nothing else). Bounded: once `maxEntries` answers are held, all are forgotten at once —
 * the inputs it is meant for (configuration texts, configured paths) are few, so this almost never happens.
 */
export function memoByKey<V>(compute: (key: string) => V, maxEntries: number): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as V;
    const answer = compute(key);
    if (answers.size >= maxEntries) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
