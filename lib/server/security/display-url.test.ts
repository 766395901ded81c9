import { describe, expect, it } from 'vitest';
import { displayURL } from './display-url';

describe('displayURL', () => {
  it('drops user info', () => {
    expect(displayURL('https://alice:s3cr3t-pass@gpu.example.test:8443/v1')).toBe(
      'https://gpu.example.test:8443/v1',
    );
    expect(displayURL('http://only-user-token@gpu.example.test/v1/')).toBe(
      'http://gpu.example.test/v1',
    );
  });

  it('drops the query string, where some gateways take their key', () => {
    expect(displayURL('https://gw.example.test/v1?api_key=abc123def456&region=eu')).toBe(
      'https://gw.example.test/v1',
    );
    expect(displayURL('https://gw.example.test/openai/v1?key=AIzaSyExample')).toBe(
      'https://gw.example.test/openai/v1',
    );
  });

  it('drops a fragment too', () => {
    expect(displayURL('https://gw.example.test/v1#key=abc123def456')).toBe(
      'https://gw.example.test/v1',
    );
  });

  it('keeps an ordinary address as it is, without a trailing slash', () => {
    expect(displayURL('http://127.0.0.1:8000/v1')).toBe('http://127.0.0.1:8000/v1');
    expect(displayURL('http://localhost:8000/')).toBe('http://localhost:8000');
  });

  it('never echoes what it cannot parse', () => {
    expect(displayURL('not a url with sk-secret')).toBe('(invalid URL)');
  });
});
