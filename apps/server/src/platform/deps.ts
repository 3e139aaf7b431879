import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { LoginThrottle } from '../modules/auth/auth.service.js';
import type { TokenSigner } from './auth/tokens.js';
import type { Database } from './db/client.js';
import type { DeviceRuntime } from './runtime.js';

/** Everything buildApp and the feature modules are built from. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Key of the HS256 access tokens (TOKEN_SECRET or DATA_DIR/secret.key). */
  tokenKey: Uint8Array;
  /** Source of "now" for tokens, sessions and the login throttle. */
  clock?: () => Date;
  /** Pino logger; `false` or absent: logging off (tests). */
  logger?: FastifyBaseLogger | false;
  loginThrottle?: LoginThrottle;
  /**
   * Start-up work (migrations, bootstrap) still running while the port is already open:
   * requests wait for it. Absent: everything is ready.
   */
  ready?: Promise<unknown>;
  /** The device side (pipeline, presence, command routing); an embedded one is made when absent. */
  runtime?: DeviceRuntime;
}

/** What a module plugin receives: AppDeps with the defaults filled in. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  signer: TokenSigner;
  clock: () => Date;
  loginThrottle: LoginThrottle;
  runtime: DeviceRuntime;
}
