import type { Config } from '../../config.js';
import { secretBoxFor } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/client.js';
import { createContactsRepository } from './contacts.repository.js';

/**
 * Webhook secrets stored in clear before they were encrypted get sealed on start (the key is outside
 * the database, so a SQL migration cannot do it). Idempotent; nothing to do on a fresh database.
 */
export async function sealClearWebhookSecrets(
  database: Database,
  config: Pick<Config, 'DATA_DIR'> & Partial<Pick<Config, 'SECRET_BOX_KEY'>>,
): Promise<number> {
  const contacts = createContactsRepository(database.db);
  const clear = await contacts.clearWebhookSecrets();
  if (clear.length === 0) return 0;
  const box = secretBoxFor(config);
  for (const row of clear) await contacts.sealWebhookSecret(row.id, row.secret, box.seal(row.secret));
  return clear.length;
}
