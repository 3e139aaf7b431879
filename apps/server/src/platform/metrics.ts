/** Numbers a part of the platform counts (gateway and pipeline counters); nested records become labels. */
export type CounterSource = () => object;

export interface MetricsRegistry {
  /** `prefix` names the part (`mqtt`, `dtu`, `pipeline`); replaces an earlier source of that name. */
  register(prefix: string, source: CounterSource, gauges?: readonly string[]): () => void;
  /** Prometheus text exposition format 0.0.4. */
  render(): string;
}

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** Totals of this process since it started (per instance in scale-out mode). */
export function createMetricsRegistry(): MetricsRegistry {
  const sources = new Map<string, { source: CounterSource; gauges: Set<string> }>();
  return {
    register(prefix, source, gauges = []) {
      const entry = { source, gauges: new Set(gauges) };
      sources.set(prefix, entry);
      return () => {
        if (sources.get(prefix) === entry) sources.delete(prefix);
      };
    },
    render() {
      const lines: string[] = [];
      for (const [prefix, { source, gauges }] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
        for (const [key, value] of Object.entries(source())) {
          const gauge = gauges.has(key);
          const name = `fleet_${snake(prefix)}_${snake(key)}${gauge ? '' : '_total'}`;
          if (typeof value === 'number') {
            lines.push(`# TYPE ${name} ${gauge ? 'gauge' : 'counter'}`, `${name} ${value}`);
          } else if (value && typeof value === 'object') {
            const entries = Object.entries(value).filter(([, n]) => typeof n === 'number');
            if (entries.length === 0) continue;
            lines.push(`# TYPE ${name} ${gauge ? 'gauge' : 'counter'}`);
            for (const [label, n] of entries) lines.push(`${name}{reason="${labelValue(label)}"} ${n}`);
          }
        }
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
