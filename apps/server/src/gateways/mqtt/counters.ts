/** What the MQTT gateway saw since it started; hostile input moves these instead of crashing anything. */
export interface MqttCounters {
  /** Devices connected now. */
  connected: number;
  /** Logins accepted since start. */
  logins: number;
  /** Logins refused: unknown IMEI, wrong password, client id != username, expired device. */
  authFailures: number;
  /** Publishes or subscriptions outside the device's own topics (refused). */
  denied: number;
  /** Telemetry messages decoded and stored. */
  messages: number;
  /** Readings handed to the pipeline. */
  readings: number;
  /** Payloads that are not UTF-8 JSON of the telemetry/ack schema (dropped). */
  malformed: number;
  /** Payloads larger than 64 KiB (dropped). */
  oversize: number;
  /** Value names that are no point of the device or of the named slave (skipped). */
  unknownPoints: number;
  /** External broker: messages on topics of IMEIs that are no device here (dropped). */
  unknownDevices: number;
  /** Allowed topics the platform does not handle, e.g. d/{imei}/other (dropped). */
  ignored: number;
  /** Command replies that settled a command. */
  acks: number;
  /** Replies naming no command that waits (late, duplicate or invented cmd_id). */
  unknownAcks: number;
  /** Telemetry the pipeline refused (closing): not acknowledged, the device sends it again. */
  ingestFailures: number;
}

export function emptyCounters(): MqttCounters {
  return {
    connected: 0,
    logins: 0,
    authFailures: 0,
    denied: 0,
    messages: 0,
    readings: 0,
    malformed: 0,
    oversize: 0,
    unknownPoints: 0,
    unknownDevices: 0,
    ignored: 0,
    acks: 0,
    unknownAcks: 0,
    ingestFailures: 0,
  };
}
