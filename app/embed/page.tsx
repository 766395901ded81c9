import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { EARLY_MESSAGES_SCRIPT, themeScript } from '@/components/embed/early-messages';
import { EmbedApp } from '@/components/embed/embed-app';
import { getEmbedAllowlist } from '@/lib/config/embed-config';
import { parseEmbedOptions } from '@/lib/embed/embed-options';
import { issueEmbedPass } from '@/lib/server/auth/embed-pass';
import { getAuthConfig } from '@/lib/server/config/auth-config';

// The allowlist and the options are read per request (deployment configuration, query string).
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Chat', robots: { index: false, follow: false } };

/**
 * `/embed`: the chat widget's page, framed by `public/widget.js` on sites in
 * `EMBED_ALLOWED_ORIGINS` (proxy.ts sets its frame-ancestors). Opened directly it is a compact chat.
 */
export default async function EmbedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const options = parseEmbedOptions(await searchParams);
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  // The widget never signs in: its requests carry this pass instead (renewed by the page).
  const secret = getAuthConfig().secret;
  const pass = secret ? await issueEmbedPass(secret) : null;
  return (
    <>
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: themeScript(options.theme) + EARLY_MESSAGES_SCRIPT }}
      />
      <EmbedApp options={options} allowlist={getEmbedAllowlist()} pass={pass} />
    </>
  );
}
