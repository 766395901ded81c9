export default function HomePage() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Runnel</h1>
      <p className="mt-2">The chat gateway is running. See <code>/api/models</code> and <code>/api/health</code>.</p>
    </main>
  );
}
