/** Where the widget keeps its visitor id (the iframe's own storage, partitioned by the host site). */
const VISITOR_KEY = 'runnel-visitor';

/**
 * The widget's visitor id: read from storage, or made (a random UUID) and kept there. Where the
 * browser blocks the iframe's storage the id lasts as long as the page, like the conversation.
 */
export function visitorId(
  storage: () => Storage,
  random: () => string = () => crypto.randomUUID(),
): string {
  try {
    const store = storage();
    const kept = store.getItem(VISITOR_KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
    const made = random();
    store.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    return random();
  }
}
