import 'server-only';

/** The host `next start` was told to listen on, from its arguments; undefined when not given. */
export function hostnameArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-H' || arg === '--hostname') return argv[i + 1];
    if (arg.startsWith('--hostname=')) return arg.slice('--hostname='.length);
  }
  return undefined;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * Whether a server started with these arguments accepts connections from other machines. With no
 * host given, `next start` listens on every interface (so does the standalone server without
 * `HOSTNAME`).
 */
export function listensBeyondLoopback(
  argv: readonly string[],
  hostnameEnv: string | undefined,
): boolean {
  const host = hostnameArgument(argv) ?? hostnameEnv;
  return !host || !LOOPBACK.test(host.trim());
}
