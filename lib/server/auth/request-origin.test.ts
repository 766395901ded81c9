import { describe, expect, it } from 'vitest';
import { isCrossSite, publicOrigin, secureCookies } from './request-origin';

const h = (init: Record<string, string>) => new Headers({ host: 'chat.example.test', ...init });

describe('request origin', () => {
  it('prefers PUBLIC_URL, else the request', () => {
    expect(publicOrigin(h({ 'x-forwarded-proto': 'https' }), {})).toBe('https://chat.example.test');
    expect(publicOrigin(h({}), { publicURL: 'https://chat.example.com' })).toBe(
      'https://chat.example.com',
    );
  });

  it('makes cookies Secure on https', () => {
    expect(secureCookies(h({ 'x-forwarded-proto': 'https' }), {})).toBe(true);
    expect(secureCookies(h({ 'x-forwarded-proto': 'http' }), {})).toBe(false);
    expect(secureCookies(h({ 'x-forwarded-proto': 'http' }), { publicURL: 'https://a.test' })).toBe(
      true,
    );
  });

  it('tells cross-site requests apart', () => {
    expect(
      isCrossSite(h({ 'sec-fetch-site': 'same-origin', origin: 'http://chat.example.test' }), {}),
    ).toBe(false);
    expect(isCrossSite(h({}), {})).toBe(false);
    // Behind a proxy that terminates TLS without X-Forwarded-Proto, the page's origin is https
    // and the server's idea of it http: the browser's same-origin is what counts.
    expect(
      isCrossSite(h({ 'sec-fetch-site': 'same-origin', origin: 'https://chat.example.test' }), {}),
    ).toBe(false);
    expect(
      isCrossSite(h({ 'sec-fetch-site': 'cross-site', origin: 'http://chat.example.test' }), {}),
    ).toBe(true);
    expect(isCrossSite(h({ 'sec-fetch-site': 'cross-site' }), {})).toBe(true);
    expect(isCrossSite(h({ 'sec-fetch-site': 'same-site' }), {})).toBe(true);
    expect(isCrossSite(h({ origin: 'https://evil.test' }), {})).toBe(true);
    expect(isCrossSite(h({ origin: 'null' }), {})).toBe(true);
    expect(
      isCrossSite(h({ origin: 'https://chat.example.com' }), {
        publicURL: 'https://chat.example.com',
      }),
    ).toBe(false);
  });
});
