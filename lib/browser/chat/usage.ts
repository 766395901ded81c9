import type { Usage } from '../../protocol/events';

function add(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}

/**
 * Usage of a message built by several runs (Continue): token counts and credits add up, the credit
 * balance is the latest one the backend reported.
 */
export function sumUsage(prior: Usage | undefined, current: Usage): Usage {
  if (!prior) return current;
  const out: Usage = {
    prompt_tokens: prior.prompt_tokens + current.prompt_tokens,
    completion_tokens: prior.completion_tokens + current.completion_tokens,
    total_tokens: prior.total_tokens + current.total_tokens,
  };
  const reasoning = add(prior.reasoning_tokens, current.reasoning_tokens);
  const cached = add(prior.cached_tokens, current.cached_tokens);
  const credits = add(prior.credits_used, current.credits_used);
  const balance = current.credit_balance ?? prior.credit_balance;
  if (reasoning !== undefined) out.reasoning_tokens = reasoning;
  if (cached !== undefined) out.cached_tokens = cached;
  if (credits !== undefined) out.credits_used = credits;
  if (balance !== undefined) out.credit_balance = balance;
  return out;
}
