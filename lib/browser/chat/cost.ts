import type { AnswerCost } from '../../protocol/events';

const add = (a: number | undefined, b: number | undefined) =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

/**
 * The sum of two costs. Costs in different currencies (the prices changed between them) have no
 * one sum: then there is no figure rather than a wrong one.
 */
export function sumCost(
  prior: AnswerCost | undefined,
  current: AnswerCost | undefined,
): AnswerCost | undefined {
  if (!prior || !current) return current ?? prior;
  if (prior.currency !== current.currency) return undefined;
  const tokens = add(prior.tokens, current.tokens);
  const gpu = add(prior.gpu, current.gpu);
  return {
    amount: prior.amount + current.amount,
    currency: current.currency,
    ...(tokens !== undefined ? { tokens } : {}),
    ...(gpu !== undefined ? { gpu } : {}),
  };
}

/** Whether `v` is a cost as the server sends it (imported files are checked with this). */
export function isAnswerCost(v: unknown): v is AnswerCost {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  return (
    num(c.amount) &&
    typeof c.currency === 'string' &&
    /^[A-Z]{3}$/.test(c.currency) &&
    (c.tokens === undefined || num(c.tokens)) &&
    (c.gpu === undefined || num(c.gpu))
  );
}

/** What a message cost over all of its runs (Continue), or undefined without one sum. */
export function messageCost(costs: readonly AnswerCost[] | undefined): AnswerCost | undefined {
  // The stream's reader lets any object through as a cost (its size is counted): checked here.
  const valid = costs?.filter(isAnswerCost);
  if (!valid?.length) return undefined;
  let total: AnswerCost | undefined = valid[0];
  for (const cost of valid.slice(1)) total = total && sumCost(total, cost);
  return total;
}
