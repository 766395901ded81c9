import {
  EMBED_PARAMS,
  EMBED_PATH,
  HEX_COLOR,
  SHOW_DETAILS_PARAM,
} from '../lib/protocol/embed-wire';

/** The loader's settings, from the `data-` attributes of its own `<script>` tag. */
export interface WidgetConfig {
  /** The Runnel app's origin: where the script came from, so the iframe is the same app. */
  appOrigin: string;
  /** The `/embed` URL the iframe loads. */
  frameSrc: string;
  side: 'left' | 'right';
  /** Open the panel when the page loads. */
  open: boolean;
  /** The launcher's colour. */
  accent: string;
}

export const DEFAULT_ACCENT = '#2563eb';

/** Attribute values are passed on capped: the page cuts them further, this only bounds the URL. */
const MAX_PARAM_LENGTH = 600;

/**
 * Reads the configuration. `attr` is the script's `getAttribute`; `scriptSrc` its absolute URL.
 * Only the known attributes are forwarded, and only as search parameters the page parses as plain
 * text (see `lib/protocol/embed-options.ts`).
 */
export function readConfig(attr: (name: string) => string | null, scriptSrc: string): WidgetConfig {
  const appOrigin = new URL(scriptSrc).origin;
  const url = new URL(EMBED_PATH, appOrigin);
  for (const name of EMBED_PARAMS) {
    const value = attr(`data-${name}`);
    if (value) url.searchParams.set(name, value.slice(0, MAX_PARAM_LENGTH));
  }
  const details = attr(`data-${SHOW_DETAILS_PARAM}`);
  if (details !== null && details !== 'false') url.searchParams.set(SHOW_DETAILS_PARAM, '1');
  const accent = attr('data-accent') ?? '';
  const open = attr('data-open');
  return {
    appOrigin,
    frameSrc: url.href,
    side: attr('data-position') === 'left' ? 'left' : 'right',
    open: open !== null && open !== 'false',
    accent: HEX_COLOR.test(accent) ? accent : DEFAULT_ACCENT,
  };
}
