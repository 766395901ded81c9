import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { loginPage } from './login-page';
import { OIDC_CLIENT, OIDC_USERS, type OidcUsername } from './users';

/** A running test identity provider. */
export interface OidcProvider {
  issuer: string;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/**
 * The first-party client never asks the user for consent: the grant is made on first sign-in,
 * as with an organisation's own identity provider.
 */
async function grantWithoutConsent(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  const existing = ctx.oidc.result?.consent?.grantId ?? session!.grantIdFor(client!.clientId);
  if (existing) return provider.Grant.find(existing);
  const grant = new provider.Grant({ clientId: client!.clientId, accountId: session!.accountId! });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
}

async function configuration(redirectUris: string[]): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'e2e' }] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The email arrives through the userinfo endpoint, not the ID token (the provider's
    // conformant default): the client under test must fetch it.
    findAccount: (_ctx, id) => {
      const user = OIDC_USERS[id as OidcUsername];
      if (!user) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: user.email, email_verified: true, name: user.name }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: grantWithoutConsent,
    cookies: { keys: ['runnel-e2e-provider-cookie-key'] },
    pkce: { required: () => true },
  };
}

/** Starts a real OpenID provider (`oidc-provider`) on loopback for the given redirect URIs. */
export async function startOidcProvider(options: {
  port: number;
  redirectUris: string[];
}): Promise<OidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, await configuration(options.redirectUris));
  const handle = provider.callback();
  const server: Server = createServer((req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!match) return void handle(req, res);
    void (async () => {
      try {
        const interaction = await provider.interactionDetails(req, res);
        if (req.method !== 'POST') {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          return void res.end(loginPage(interaction.uid));
        }
        const login = (await readForm(req)).get('login')?.trim() ?? '';
        if (!(login in OIDC_USERS)) {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          return void res.end(loginPage(interaction.uid, `No user "${login}".`));
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.statusCode = 400;
        res.end(String((error as Error).message));
      }
    })();
  });
  server.listen(options.port, '127.0.0.1');
  await once(server, 'listening');
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
