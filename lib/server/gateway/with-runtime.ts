import 'server-only';
import { ConfigError } from '../config/schema';
import { jsonError } from './json-error';
import { getRuntime, type Runtime } from './runtime';

/**
 * Runs a route with the server runtime. Invalid configuration answers 500 `configuration_error`
 * naming the variable (never its value when it is a key), instead of an opaque crash.
 */
export async function withRuntime(
  handler: (runtime: Runtime) => Promise<Response>,
): Promise<Response> {
  let runtime: Runtime;
  try {
    runtime = getRuntime();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[runnel] ${error.message}`);
      return jsonError({ status: 500, code: 'configuration_error', message: error.message });
    }
    throw error;
  }
  return handler(runtime);
}
