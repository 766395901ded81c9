import 'server-only';

import { getAuthConfig } from '../config/auth-config';
import { ConfigError } from '../config/config-error';
import { getUsageConfig } from '../config/usage-config';

/**
 * Called once when the server starts (instrumentation.ts): a bad `ADMIN_USERS` is named at once
 * (the usage route then answers `500 configuration_error`), and one that cannot take effect — no
 * sign-in method, so nobody is a user — is said to be so.
 */
export function startUsage(): void {
  try {
    const { adminUsers } = getUsageConfig();
    if (adminUsers.length > 0 && !getAuthConfig().closed)
      console.warn(
        '[runnel] warning: ADMIN_USERS is set but no sign-in method is configured: usage is kept for signed-in users only.',
      );
  } catch (error) {
    if (error instanceof ConfigError)
      console.error(`[runnel] ${error.message} — the usage view fails until it is fixed.`);
    else throw error;
  }
}
