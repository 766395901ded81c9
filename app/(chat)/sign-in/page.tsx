import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AccessCodeForm } from '@/components/auth/access-code-form';
import { OidcSignIn } from '@/components/auth/oidc-sign-in';
import { signInError } from '@/components/auth/sign-in-messages';
import { safeNext } from '@/lib/server/auth/safe-next';
import { authenticate } from '@/lib/server/auth/authenticate';
import { getAuthConfig } from '@/lib/server/config/auth-config';
import { getUiConfig } from '@/lib/server/config/ui-config';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Sign in · Runnel',
  robots: { index: false, follow: false },
};

type Params = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `/sign-in`: the configured methods, and why the last attempt failed. */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  const next = safeNext(first(params.next));
  const config = getAuthConfig();
  if (!config.closed) redirect(next);
  if ((await authenticate(await headers())).identity?.kind === 'user') redirect(next);
  const error = signInError(first(params.error), config.oidc?.name);
  const hint = getUiConfig().signInHint;
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-6 rounded-2xl border border-zinc-200 p-6 shadow-sm dark:border-zinc-800">
        <div className="flex items-center gap-3">
          {/* Inline: before sign-in every other address of the app redirects here, the icon's too. */}
          <svg viewBox="0 0 64 64" width="40" height="40" aria-hidden="true" className="shrink-0">
            <rect width="64" height="64" rx="14" fill="#0f766e" />
            <path
              transform="translate(9.6 10.53) scale(1.867)"
              d="M3 8c3-3 6 3 9 0s6 3 9 0M3 13c3-3 6 3 9 0s6 3 9 0M3 18c3-3 6 3 9 0s6 3 9 0"
              fill="none"
              stroke="#fff"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <div>
            <h1 className="text-xl font-semibold">Sign in to Runnel</h1>
            {hint && <p className="text-sm text-zinc-600 dark:text-zinc-400">{hint}</p>}
          </div>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        {params['signed-out'] !== undefined && !error && (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            You are signed out.
          </p>
        )}
        {config.accessCodes.length > 0 && <AccessCodeForm next={next} />}
        {config.oidc && <OidcSignIn name={config.oidc.name} next={next} />}
        {config.proxy && !config.accessCodes.length && !config.oidc && (
          <p className="text-sm">
            Sign in through your organisation&apos;s sign-in page, then reload.
          </p>
        )}
      </div>
    </main>
  );
}
