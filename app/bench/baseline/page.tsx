import { BaselineChat } from '@/components/bench/baseline-chat';

export const metadata = { title: 'Runnel render baseline', robots: { index: false } };

/** Baseline page for `npm run bench:render`; see components/bench/baseline-chat.tsx. */
export default async function BaselinePage({
  searchParams,
}: {
  searchParams: Promise<{ model?: string }>;
}) {
  const { model } = await searchParams;
  return <BaselineChat model={model ?? 'vllm:bench-markdown'} />;
}
