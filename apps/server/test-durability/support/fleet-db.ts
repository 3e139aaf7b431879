import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashDeviceSecret } from '../../src/modules/devices/secret-hash.js';

export interface SeededDevice {
  deviceId: number;
  pointId: number;
  imei: string;
  /** The device's MQTT secret (test data, never logged). */
  password: string;
  pointName: string;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A connection dropped under us (the server crashed) must fail the query, not the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * An MQTT device with one numeric point that stores every reading (storage mode 1, interval 0), owned
 * by the platform administrator. Inserted with SQL after the platform migrated the database: the
 * directory reads devices on demand, so a device that exists before its first connection is enough.
 */
export async function seedMqttDevice(url: string): Promise<SeededDevice> {
  const imei = `86${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const password = randomBytes(16).toString('hex');
  const pointName = 'counter';
  return withClient(url, async (client) => {
    const owner = await client.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    const ownerId = owner.rows[0]?.id;
    if (ownerId === undefined) throw new Error('the platform created no administrator');
    const device = await client.query<{ id: number }>(
      `INSERT INTO devices (owner_user_id, device_title, device_imei, device_sharecode, protocol, device_class,
         mqtt_password, dtu_key, http_key)
       VALUES ($1, 'durability probe', $2, $3, 3, 'DT', $4, $5, $6) RETURNING id`,
      [
        ownerId,
        imei,
        randomBytes(6).toString('hex'),
        // Stored hashed like every device's secret; the plain password stays in the returned object.
        hashDeviceSecret(password),
        hashDeviceSecret(randomBytes(16).toString('hex')),
        hashDeviceSecret(randomBytes(16).toString('hex')),
      ],
    );
    const deviceId = device.rows[0]!.id;
    const point = await client.query<{ id: number }>(
      `INSERT INTO data_points (device_id, name, title, type, source_kind, data_type, byte_order, scale, "offset",
         decimals, storage_mode, storage_interval_s, tolerance, collect_mode, access, trigger_enable, ds_config)
       VALUES ($1, $2, 'message number', 0, 'register', 'float', 'ABCD', 1, 0, 0, 1, 0, 0, 1, 'readonly', 0,
         '{"translate":[]}') RETURNING id`,
      [deviceId, pointName],
    );
    return { deviceId, pointId: point.rows[0]!.id, imei, password, pointName };
  });
}

/** Epoch milliseconds of every history row of the point. */
export async function storedTimestamps(url: string, pointId: number): Promise<Set<number>> {
  return withClient(url, async (client) => {
    const result = await client.query<{ ms: string }>(
      'SELECT (extract(epoch FROM ts) * 1000)::bigint AS ms FROM point_history WHERE point_id = $1',
      [pointId],
    );
    return new Set(result.rows.map((row) => Number(row.ms)));
  });
}
