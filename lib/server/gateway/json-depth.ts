import 'server-only';

/**
 * Deeper than any real chat request (a message's content parts are four levels down; tool
 * schemas a dozen or so). A body nested deeper is refused before anything walks it recursively:
 * `JSON.stringify` of a 10,000-deep value overflows the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests arrays/objects deeper than `max` (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
