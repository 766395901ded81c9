import { z } from 'zod';

const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

const contentPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }).strict(),
  z
    .object({
      type: z.literal('image_url'),
      image_url: z.object({ url: z.string().min(1), detail: z.string().optional() }).strict(),
    })
    .strict(),
]);

const toolCallSchema = z
  .object({
    id: z.string(),
    type: z.literal('function').default('function'),
    index: z.number().int().optional(),
    function: z.object({ name: z.string(), arguments: z.string() }).strict(),
  })
  .strict();

const messageSchema = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
    content: z
      .union([z.string(), z.array(contentPartSchema)])
      .nullable()
      .optional(),
    name: z.string().optional(),
    tool_calls: z.array(toolCallSchema).optional(),
    tool_call_id: z.string().optional(),
    reasoning: z.string().optional(),
  })
  .strict();

export type ChatMessage = z.infer<typeof messageSchema>;

/**
 * The body of `POST /api/chat` (docs/protocol.md). Strict: an unknown top-level
 * field is a 400 `unknown_parameter`, so a typo never silently does nothing.
 */
export const chatRequestSchema = z
  .object({
    model: z.string().min(1),
    messages: z.array(messageSchema).min(1).optional(),
    prompt: z.string().optional(),
    max_tokens: z.number().int().min(1).optional(),
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().min(0).max(1).optional(),
    stop: z.union([z.string(), z.array(z.string()).max(4)]).optional(),
    reasoning_effort: z.enum(REASONING_EFFORTS).optional(),
    tools: z.array(z.record(z.string(), z.unknown())).optional(),
    tool_choice: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    response_format: z.record(z.string(), z.unknown()).optional(),
    /** Extension (chat UI "Continue"): the last assistant message is a partial answer to extend. */
    continue_final_message: z.boolean().optional(),
    /** Extension: vLLM's companion flag to `continue_final_message`. */
    add_generation_prompt: z.boolean().optional(),
    /** Accepted for OpenAI-habit clients; `/api/chat` always streams. */
    stream: z.literal(true).optional(),
    /**
     * Extension: the answer outlives its connection (kept for reattaching, generation goes on
     * while nobody reads, for a grace period). Absent or false: a disconnect stops it at once.
     */
    resumable: z.boolean().optional(),
    /**
     * Extension: where the answer belongs in the signed-in user's conversations on the server,
     * which then stores it as it streams and when it ends (with `resumable`; ignored otherwise).
     */
    conversation: z
      .object({ id: z.string().min(1).max(100), message_id: z.string().min(1).max(100) })
      .strict()
      .optional(),
    /**
     * Extension: keep the conversation on the provider, where it can (stateful sessions). `{}`
     * starts a session; `{id, messages}` continues the one `done.session.id` named, which holds the
     * first `messages` of `messages` already. Ignored by providers without sessions.
     */
    session: z
      .object({
        id: z.string().min(1).max(200).optional(),
        messages: z.number().int().min(1).optional(),
      })
      .strict()
      .refine((s) => (s.id === undefined) === (s.messages === undefined), {
        message: '`id` and `messages` go together',
      })
      .optional(),
  })
  .strict()
  .refine((body) => body.messages !== undefined || body.prompt !== undefined, {
    message: 'Send `messages` (chat models) or `prompt` (text-completion models)',
    path: ['messages'],
  })
  .refine((body) => (body.session?.messages ?? 0) < (body.messages?.length ?? 1), {
    message: 'A session cannot hold every message: send at least one new one',
    path: ['session', 'messages'],
  });

export type ChatRequest = z.infer<typeof chatRequestSchema>;

export interface RequestError {
  status: number;
  code: string;
  message: string;
  param?: string;
}

/** Validates a parsed body; maps zod's issues onto the contract's error codes. */
export function parseChatRequest(
  body: unknown,
): { ok: true; value: ChatRequest } | { ok: false; error: RequestError } {
  const result = chatRequestSchema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const param = [...path, key].join('.');
    return {
      ok: false,
      error: {
        status: 400,
        code: 'unknown_parameter',
        param,
        message: `Unknown parameter: '${param}'`,
      },
    };
  }
  const param = path.join('.') || undefined;
  return {
    ok: false,
    error: {
      status: 400,
      code: 'invalid_request',
      ...(param ? { param } : {}),
      message: param ? `Invalid '${param}': ${issue.message}` : issue.message,
    },
  };
}
