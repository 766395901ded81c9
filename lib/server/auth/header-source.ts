import 'server-only';

/** Request headers as both route handlers (`Request`) and server components (`headers()`) have them. */
export type HeaderSource = Pick<Headers, 'get'>;
