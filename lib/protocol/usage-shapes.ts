/**
 * The JSON of `GET /api/usage` (docs/protocol.md, "Usage"): what a signed-in user's answers used and
 * cost, by model and by day. Part of the contract: extend, never rename.
 */

/** An amount in one currency (answers priced in several currencies keep one each). */
export interface CostSum {
  currency: string;
  amount: number;
}

/** What a group of answers used and cost. */
export interface UsageTotals {
  answers: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Summed per currency over the answers that had a price; empty when none had one. */
  costs: CostSum[];
  /** Answers of the group whose model had no price: counted in tokens only. */
  unpriced: number;
}

export interface UsageReport {
  /** The first day counted (the reader's local date, `YYYY-MM-DD`) and how many days. */
  from: string;
  days: number;
  total: UsageTotals;
  by_model: (UsageTotals & { model: string })[];
  /** Days with answers, most recent first. */
  by_day: (UsageTotals & { day: string })[];
  /** Every user's totals, most answers first: only in a report of all users. */
  by_user?: (UsageTotals & { user: string; name: string })[];
}

/** The response: the report, whose it is (a user key, or `*` for everyone), and whether the reader may ask for others'. */
export interface UsageResponse extends UsageReport {
  user: string;
  admin: boolean;
}

/** `?user=` for every user's usage (administrators only). */
export const ALL_USERS = '*';
