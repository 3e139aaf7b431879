/** The counters of one platform instance the scale_out part reads from its GET /api/v1/metrics. */
export interface InstanceCounters {
  /** MQTT messages this instance took from the shared subscription and stored (fleet_mqtt_messages_total). */
  messages: number;
  /** Readings of those messages handed to its pipeline, durable before the PUBACK (fleet_mqtt_readings_total). */
  readings: number;
  /** Readings its pipeline committed (fleet_pipeline_stored_total). */
  stored: number;
}

/** Picks the counters out of the Prometheus text of one instance (metrics.ts renders it). */
export function instanceCounters(text: string): InstanceCounters {
  const value = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`no ${name} in the metrics`);
    return Number(line.slice(name.length + 1));
  };
  return {
    messages: value('fleet_mqtt_messages_total'),
    readings: value('fleet_mqtt_readings_total'),
    stored: value('fleet_pipeline_stored_total'),
  };
}

/** What each instance did between two snapshots, and its share of the readings stored. */
export function workSplit(before: readonly InstanceCounters[], after: readonly InstanceCounters[]) {
  const deltas = after.map((a, i) => ({
    messages: a.messages - before[i]!.messages,
    readings: a.readings - before[i]!.readings,
    stored: a.stored - before[i]!.stored,
  }));
  const total = deltas.reduce((sum, d) => sum + d.stored, 0);
  return deltas.map((d) => ({
    ...d,
    share: total > 0 ? Math.round((d.stored / total) * 1000) / 1000 : null,
  }));
}
