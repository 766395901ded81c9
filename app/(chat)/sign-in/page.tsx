import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AccessCodeForm } from '@/components/auth/access-code-form';
import { OidcSignIn } from '@/components/auth/oidc-sign-in';
import { signInError } from '@/components/auth/sign-in-messages';
import { safeNext } from '@/lib/server/auth/safe-next';
import { authenticate } from '@/lib/server/auth/resolve-identity';
import { getAuthConfig } from '@/lib/server/config/auth-config';

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
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-6 rounded-2xl border border-zinc-200 p-6 shadow-sm dark:border-zinc-800">
        <h1 className="text-xl font-semibold">Sign in to Runnel</h1>
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
