import 'server-only';
import { ConfigError } from '../config/config-error';
import { jsonError } from '../http/json-error';
import { getServices, type Services } from './services';

/**
 * Runs a route with the server services. Invalid configuration answers 500 `configuration_error`
 * naming the variable (never its value when it is a key), instead of an opaque crash.
 */
export async function withServices(
  handler: (services: Services) => Promise<Response>,
): Promise<Response> {
  let services: Services;
  try {
    services = getServices();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[runnel] ${error.message}`);
      return jsonError({ status: 500, code: 'configuration_error', message: error.message });
    }
    throw error;
  }
  return handler(services);
}
