import { startOidcProvider } from './provider';

/**
 * `tsx testing/oidc-provider/main.ts --port N --redirect URI [--redirect URI…]`: the test identity
 * provider as a process (Playwright starts it as a web server).
 */
const args = process.argv.slice(2);
const port = Number(args[args.indexOf('--port') + 1]);
const redirectUris = args.flatMap((arg, i) => (arg === '--redirect' ? [args[i + 1]!] : []));
const provider = await startOidcProvider({ port, redirectUris });
console.log(`test OpenID provider on ${provider.issuer}`);
