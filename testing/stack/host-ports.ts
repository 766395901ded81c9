/**
 * The widget tests' host pages: one server on two ports, so the same page comes from an origin on
 * the app's `EMBED_ALLOWED_ORIGINS` (ALLOWED) and from one that is not (REFUSED). Both differ from
 * the app's own origin. `E2E_PORT_BASE` moves them with the rest of the stack (see ../support/ports.ts).
 */
const base = Number(process.env.E2E_PORT_BASE) || 0;

export const HOST_PORT = base ? base + 20 : 4020;
export const REFUSED_HOST_PORT = base ? base + 21 : 4021;

export const HOST_URL = `http://127.0.0.1:${HOST_PORT}`;
export const REFUSED_HOST_URL = `http://127.0.0.1:${REFUSED_HOST_PORT}`;
