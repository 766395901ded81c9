/**
 * Mutable per-server state: the recorder and the settings tests change through
 * the control API. One instance per `startScenarioBackend` call so parallel
 * test servers do not share anything.
 */
import { ArkSessionStore } from './ark-sessions';
import { Recorder } from './recorder';

/** Settings adjustable at runtime via `POST /__control/settings`. */
export interface Settings {
  /** Overrides every scenario's token delay when not null. */
  tokenDelayMs: number | null;
}

/** Everything a request handler needs besides the request itself. */
export interface ServerState {
  recorder: Recorder;
  settings: Settings;
  /** ARK's stateful sessions (the `/ark/v1` `stateful` scenario). */
  arkSessions: ArkSessionStore;
}

/** Fresh state with default settings. */
export function createState(): ServerState {
  return {
    recorder: new Recorder(),
    settings: defaultSettings(),
    arkSessions: new ArkSessionStore(),
  };
}

/** The settings after a reset. */
export function defaultSettings(): Settings {
  return { tokenDelayMs: null };
}
