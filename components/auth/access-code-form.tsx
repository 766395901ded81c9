'use client';

import { useState, type FormEvent } from 'react';
import { FOCUS_RING } from '../ui/button';
import { Button } from '../ui/text-button';
import { accessCodeProblem } from './sign-in-messages';

/** The server's refusal, as `{error:{message}}`; a fallback when the body is not that. */
async function refusal(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // Not JSON (a proxy's error page).
  }
  return `Signing in failed (HTTP ${res.status}).`;
}

/** "Access code" and "Sign in": posts the code, then goes where the user was headed. */
export function AccessCodeForm({ next }: { next: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get('code');
    // An empty field is never sent: the server would only say it is empty.
    const problem = accessCodeProblem(code);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/auth/access-code', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code, next }),
      });
      if (res.ok) {
        window.location.assign(((await res.json()) as { next: string }).next);
        return;
      }
      setError(await refusal(res));
    } catch {
      setError('Could not reach the Runnel server.');
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <label htmlFor="access-code" className="block text-sm font-medium">
        Access code
      </label>
      <input
        id="access-code"
        name="code"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'access-code-error' : undefined}
        className={`h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900 ${FOCUS_RING}`}
      />
      {error && (
        <p id="access-code-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" className="w-full" disabled={busy}>
        Sign in
      </Button>
    </form>
  );
}
