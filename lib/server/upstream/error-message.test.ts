import { describe, expect, it } from 'vitest';
import { describeErrorBody, readErrorObject, shortenMessage } from './error-message';

describe('describeErrorBody', () => {
  it('reads the vLLM ≥ 0.10.1 nested shape', () => {
    const body =
      '{"error":{"message":"max context 32768","type":"BadRequestError","param":null,"code":400}}';
    expect(describeErrorBody(body, 'application/json', 400)).toBe('max context 32768');
  });
  it('reads the older flat vLLM shape', () => {
    const body = '{"object":"error","message":"model not found","type":"NotFoundError","code":404}';
    expect(describeErrorBody(body, 'application/json', 404)).toBe('model not found');
  });
  it('reads FastAPI detail and plain error strings', () => {
    expect(describeErrorBody('{"detail":"Not Found"}', 'application/json', 404)).toBe('Not Found');
    expect(describeErrorBody('{"error":"rate limited"}', 'application/json', 429)).toBe(
      'rate limited',
    );
  });
  it('uses the title of an HTML error page', () => {
    const html =
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502</h1></center><hr>nginx</body></html>';
    expect(describeErrorBody(html, 'text/html', 502)).toBe('502 Bad Gateway');
  });
  it('strips tags from an HTML page without a title', () => {
    expect(
      describeErrorBody(
        '<html><body><h1>Oops</h1><script>x()</script><p>Down</p></body></html>',
        'text/html',
        500,
      ),
    ).toBe('Oops Down');
  });
  it('collapses plain text, and leaves it whole: it is shortened once redacted', () => {
    const long = `Service  Unavailable:\n${'x'.repeat(1000)}`;
    expect(describeErrorBody(long, 'text/plain', 503)).toBe(
      `Service Unavailable: ${'x'.repeat(1000)}`,
    );
  });
  it('names the status when the body is empty', () => {
    expect(describeErrorBody('', '', 500)).toBe('The backend answered HTTP 500');
  });
});

describe('shortenMessage', () => {
  it('cuts a long message to 300 characters, ending in an ellipsis', () => {
    const message = shortenMessage(`Service Unavailable: ${'x'.repeat(1000)}`);
    expect(message).toHaveLength(300);
    expect(message).toMatch(/^Service Unavailable: x+…$/);
  });
  it('leaves a message of 300 characters or fewer as it is', () => {
    expect(shortenMessage('y'.repeat(300))).toBe('y'.repeat(300));
  });
});

describe('readErrorObject', () => {
  it('keeps an HTTP-like code as status and the type', () => {
    expect(
      readErrorObject({ error: { message: 'boom', type: 'server_error', code: 500 } }),
    ).toEqual({
      message: 'boom',
      type: 'server_error',
      status: 500,
    });
  });
  it('ignores string codes as status', () => {
    expect(readErrorObject({ error: { message: 'x', code: 'no_capacity' } })).toEqual({
      message: 'x',
    });
  });
  it('is undefined for non-errors', () => {
    expect(readErrorObject({ choices: [] })).toBeUndefined();
    expect(readErrorObject('text')).toBeUndefined();
  });
});
