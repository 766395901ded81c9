/**
 * Fluent builder that turns "the model says these tokens" into provider-shaped
 * steps, keeping usage counts consistent (completion_tokens = generated token
 * chunks so far). Works for both chat and text-completion endpoints so every
 * scenario answers `/completions` too.
 */
import { randomBytes } from 'node:crypto';
import type { ChunkHead, Flavor, Usage, UsageStats } from './flavors';
import type { ScenarioContext, Step, StreamOptions } from './types';

/** A streamed tool-call fragment as it appears in `delta.tool_calls[]`. */
type ToolCallDelta = Record<string, unknown> & { index: number };

/** Builds the step list of one streamed response. */
export class StreamBuilder {
  readonly steps: Step[] = [];
  private readonly head: ChunkHead;
  private readonly stats: UsageStats;
  private readonly isChat: boolean;
  private readonly continuous: boolean;

  constructor(
    private readonly flavor: Flavor,
    private readonly ctx: ScenarioContext,
  ) {
    this.isChat = ctx.endpoint === 'chat';
    this.head = {
      id: `${this.isChat ? 'chatcmpl-' : 'cmpl-'}${randomBytes(16).toString('hex')}`,
      object: this.isChat ? 'chat.completion.chunk' : 'text_completion',
      created: Math.floor(Date.now() / 1000),
      model: flavor.responseModel(ctx.model),
    };
    this.stats = { prompt: ctx.promptTokens, completion: 0, reasoning: 0 };
    this.continuous = ctx.includeUsage && ctx.continuousUsage && flavor.honorsContinuousUsage;
  }

  /** The opening role chunk (chat only; skipped when the provider sends none). */
  role(): this {
    if (this.isChat && this.flavor.roleDelta) this.push({ ...this.flavor.roleDelta }, null, false);
    return this;
  }

  /** One content token; `finish` puts the finish_reason on this same chunk (ACS style). */
  content(text: string, finish: string | null = null): this {
    this.stats.completion += 1;
    if (this.isChat) this.push({ ...this.flavor.deltaBase, content: text }, finish);
    else this.pushText(text, finish);
    return this;
  }

  /** Several content tokens. */
  contents(tokens: readonly string[]): this {
    for (const t of tokens) this.content(t);
    return this;
  }

  /**
   * One reasoning token. `delta` overrides the default `{[reasoningField]: text}`
   * (for the vLLM transition versions that send both fields). Dropped on text
   * completions, which have no place for it.
   */
  reasoning(text: string, delta?: Record<string, unknown>): this {
    if (!this.isChat) return this;
    this.stats.completion += 1;
    this.stats.reasoning += 1;
    this.push(
      { ...this.flavor.deltaBase, ...(delta ?? { [this.flavor.reasoningField]: text }) },
      null,
    );
    return this;
  }

  /** Several reasoning tokens. */
  reasonings(tokens: readonly string[]): this {
    for (const t of tokens) this.reasoning(t);
    return this;
  }

  /** One chunk carrying tool-call deltas (fragments or complete calls). */
  toolCalls(calls: ToolCallDelta[]): this {
    if (!this.isChat) return this;
    this.stats.completion += 1;
    this.push({ ...this.flavor.deltaBase, tool_calls: calls }, null);
    return this;
  }

  /** The finish chunk with the flavor's finish delta. */
  finish(reason: string): this {
    const extra = this.flavor.finishExtra?.(this.stats);
    if (this.isChat) this.push({ ...this.flavor.finishDelta }, reason, true, extra);
    else this.pushText('', reason, extra);
    return this;
  }

  /** The final usage chunk, when asked for (or always, for providers that always send it). */
  usage(): this {
    if (!this.ctx.includeUsage && !this.flavor.alwaysUsage) return this;
    const chunk = this.flavor.chunk({
      head: this.head,
      choices: [],
      usage: this.finalUsage(),
      usageFrame: true,
    });
    this.steps.push({ chunk, paced: false });
    return this;
  }

  /** Usage totals as the final usage chunk reports them. */
  finalUsage(): Usage {
    return this.flavor.usage(this.stats, true);
  }

  /** A mid-stream error frame `data: {"error": …}`. */
  errorFrame(error: Record<string, unknown>): this {
    this.steps.push({ chunk: { error } });
    return this;
  }

  /** Appends arbitrary steps (done, sleep, comment, raw, end, destroy, hang). */
  add(...steps: Step[]): this {
    this.steps.push(...steps);
    return this;
  }

  /** Shorthand for `[DONE]`. */
  done(): this {
    return this.add({ done: true });
  }

  /** The finished plan, with the flavor's JSON style. */
  plan(opts: StreamOptions = {}): { steps: Step[] } & StreamOptions {
    return { steps: this.steps, jsonStyle: this.flavor.jsonStyle, ...opts };
  }

  /** The `usage` field for a non-final chunk. */
  private chunkUsage(): Usage | null | undefined {
    if (this.continuous) return this.flavor.usage(this.stats, false);
    if (this.ctx.includeUsage && this.flavor.nullUsageOnChunks) return null;
    return undefined;
  }

  private push(
    delta: Record<string, unknown>,
    finish: string | null,
    paced = true,
    extra?: Record<string, unknown>,
  ): void {
    const choices = [this.flavor.chatChoice(delta, finish)];
    const chunk = this.flavor.chunk({ head: this.head, choices, usage: this.chunkUsage(), extra });
    this.steps.push(paced ? { chunk } : { chunk, paced: false });
  }

  private pushText(text: string, finish: string | null, extra?: Record<string, unknown>): void {
    const choices = [this.flavor.textChoice(text, finish)];
    this.steps.push({
      chunk: this.flavor.chunk({ head: this.head, choices, usage: this.chunkUsage(), extra }),
    });
  }
}
