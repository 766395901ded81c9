import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { EARLY_MESSAGES_SCRIPT } from '@/components/embed/early-messages-script';
import { EmbedApp } from '@/components/embed/embed-app';
import { embedThemeChoice } from '@/components/theme/theme-choice';
import { fixedThemeScript } from '@/components/theme/theme-script';
import { getEmbedAllowlist } from '@/lib/server/config/embed-config';
import { getAuthConfig } from '@/lib/server/config/auth-config';
import { issueEmbedPass } from '@/lib/server/auth/embed-pass';
import { framingSite, openedAsPage } from '@/lib/server/auth/embed-host';
import { parseEmbedOptions, type EmbedOptions } from '@/lib/protocol/embed-options';
import { widgetModel } from '@/lib/server/limits/widget-model';

// The allowlist and the options are read per request (deployment configuration, query string).
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The page's options from its address: in a frame, all of them; opened as a page of its own, the
 * host's words (title, greeting, placeholder) are left out (`openedAsPage`).
 */
async function shownOptions(searchParams: SearchParams): Promise<EmbedOptions> {
  const params = await searchParams;
  if (!openedAsPage(await headers())) return parseEmbedOptions(params);
  const { title: _title, greeting: _greeting, placeholder: _placeholder, ...rest } = params;
  return parseEmbedOptions(rest);
}

/** The document is titled like the panel: the host's `data-title` (screen readers name the frame by it). */
export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  return { title: (await shownOptions(searchParams)).title };
}

/**
 * `/embed`: the chat widget's page, framed by `public/widget.js` on sites in
 * `EMBED_ALLOWED_ORIGINS` (proxy.ts sets its frame-ancestors). Opened directly it is a compact chat
 * with its own title, greeting and placeholder, whatever its address says.
 * Its visitors never sign in: with a sign-in method configured, their API requests carry the pass
 * issued here instead (renewed by the page while it stays open).
 */
export default async function EmbedPage({ searchParams }: { searchParams: SearchParams }) {
  const parsed = await shownOptions(searchParams);
  const options = { ...parsed, model: widgetModel(parsed.model) };
  const requestHeaders = await headers();
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  const secret = getAuthConfig().secret;
  const host = framingSite(requestHeaders, getEmbedAllowlist());
  const pass = secret ? await issueEmbedPass(secret, host ? { host } : {}) : null;
  return (
    <>
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html: fixedThemeScript(embedThemeChoice(options.theme)) + EARLY_MESSAGES_SCRIPT,
        }}
      />
      <EmbedApp options={options} allowlist={getEmbedAllowlist()} pass={pass} />
    </>
  );
}
