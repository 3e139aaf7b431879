import type { AlarmLogRow, BigScreenReport } from '@fleet/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clockLabel } from '../../../shared/time/clock-label';
import { alarmTypeTagView } from '../../devices/lib/status';

/** A framed block of the screen with its title. */
export function Panel({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`screen-panel ${className ?? ''}`}>
      <h2 className="screen-panel-title">{title}</h2>
      <div className="screen-panel-body">{children}</div>
    </section>
  );
}

const KPI = [
  ['total', '#5cc8ff'],
  ['online', '#52c41a'],
  ['offline', '#8c8c8c'],
  ['alarm', '#ff4d4f'],
] as const;

export function KpiRow({ devices }: { devices: BigScreenReport['devices'] }) {
  const { t } = useTranslation();
  return (
    <div className="screen-kpis">
      {KPI.map(([key, colour]) => (
        <div key={key} className="screen-kpi" data-testid={`screen-kpi-${key}`}>
          <div className="screen-kpi-value" style={{ color: colour }}>
            {devices[key]}
          </div>
          <div className="screen-kpi-label">{t(`screens.big.kpi.${key}`)}</div>
        </div>
      ))}
    </div>
  );
}

export function AlarmFeed({ alarms }: { alarms: readonly AlarmLogRow[] }) {
  const { t } = useTranslation();
  if (alarms.length === 0) return <div className="screen-empty">{t('screens.big.noAlarms')}</div>;
  return (
    <ul className="screen-alarms" data-testid="screen-alarms">
      {alarms.map((a) => {
        const tag = alarmTypeTagView(a.alarm_type);
        return (
          <li key={a.id} data-testid="screen-alarm">
            <span className="screen-alarm-time">{clockLabel(a.at, { seconds: true })}</span>
            <span className="screen-alarm-device">{a.device_title}</span>
            <span className={`screen-alarm-type ${tag.color}`}>{t(tag.key, tag.params)}</span>
            <span className="screen-alarm-message">{a.message || a.point_title || a.point_name}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function TopDevices({ rows }: { rows: BigScreenReport['top_alarming'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <div className="screen-empty">{t('screens.big.noAlarms')}</div>;
  const max = Math.max(...rows.map((r) => r.alarms));
  return (
    <ol className="screen-top" data-testid="screen-top">
      {rows.map((r) => (
        <li key={r.device_id}>
          <span className="screen-top-name">{r.device_title}</span>
          <span className="screen-top-bar">
            <span style={{ width: `${(r.alarms / max) * 100}%` }} />
          </span>
          <span className="screen-top-count">{t('screens.big.alarmsUnit', { count: r.alarms })}</span>
        </li>
      ))}
    </ol>
  );
}
