import type { ScreenStatusRow, ScreenWidget } from '@fleet/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveDevices } from '../../../shared/live/use-live';
import { statusTagView } from '../../devices/lib/status';
import { useLiveMapStatus } from '../../screens/hooks/use-live-map-status';
import { useScreenStatus } from '../api/screen-status';
import { formatValue } from '../lib/document';
import { type LiveValues, mergeStatusRows, STATUS_DOT } from '../lib/status-rows';
import { SHARE_POLL_MS } from './use-screen-values';
import { ErrorText, Frame, type WidgetEnv } from './widget-frame';

type StatusWidgetOf = Extract<ScreenWidget, { kind: 'status' }>;

/** With /wss the table is re-read this often anyway (a missed frame heals). */
const LIVE_REREAD_MS = 60_000;

/** A device status table: name, coloured status, last reading and the chosen point values. */
export function StatusWidget({ widget, env }: { widget: StatusWidgetOf; env: WidgetEnv }) {
  const { t } = useTranslation();
  const body = useMemo(
    () => ({ devices: widget.devices, columns: widget.columns }),
    [widget.devices, widget.columns],
  );
  const answer = useScreenStatus(env.source, widget.id, body, env.live ? LIVE_REREAD_MS : SHARE_POLL_MS);
  const rows = answer.data?.rows;
  return (
    <Frame widget={widget} env={env}>
      {answer.error ? (
        <ErrorText error={answer.error} />
      ) : !rows ? null : rows.length === 0 ? (
        <div
          className="cs-caption"
          style={{ color: env.theme.muted }}
          data-testid={`cs-status-empty-${widget.id}`}
        >
          {t('customScreens.status.noDevices')}
        </div>
      ) : env.live ? (
        <LiveStatusTable widget={widget} env={env} rows={rows} />
      ) : (
        <StatusTable widget={widget} env={env} rows={rows} />
      )}
    </Frame>
  );
}

/** The rows kept current through /wss: OL / AL for the status, LD for values and the last reading. */
function LiveStatusTable({
  widget,
  env,
  rows,
}: {
  widget: StatusWidgetOf;
  env: WidgetEnv;
  rows: ScreenStatusRow[];
}) {
  const overrides = useLiveMapStatus(rows);
  const [values, setValues] = useState<LiveValues>(() => new Map());
  const [lastSeen, setLastSeen] = useState<ReadonlyMap<number, string>>(() => new Map());
  // A fresh answer already holds everything pushed before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer replaces the live values
  useEffect(() => {
    setValues(new Map());
    setLastSeen(new Map());
  }, [rows]);
  const ids = useMemo(() => rows.filter((r) => !r.locked).map((r) => r.device_id), [rows]);
  useLiveDevices(ids, (deviceId, readings) => {
    if (readings.length === 0) return;
    setValues((old) => {
      const next = new Map(old);
      for (const r of readings) next.set(r.point_id, { value: r.value, at: r.at });
      return next;
    });
    const newest = readings.reduce((max, r) => (r.at > max ? r.at : max), readings[0]!.at);
    setLastSeen((old) => new Map(old).set(deviceId, newest));
  });
  const merged = useMemo(
    () => mergeStatusRows(rows, overrides, values, lastSeen),
    [rows, overrides, values, lastSeen],
  );
  return <StatusTable widget={widget} env={env} rows={merged} />;
}

function StatusTable({
  widget,
  env,
  rows,
}: {
  widget: StatusWidgetOf;
  env: WidgetEnv;
  rows: ScreenStatusRow[];
}) {
  const { t, i18n } = useTranslation();
  const seen = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        ...(env.timeZone ? { timeZone: env.timeZone } : {}),
      }),
    [i18n.language, env.timeZone],
  );
  const cell = { borderColor: env.theme.border };
  return (
    <div className="cs-status-scroll">
      <table className="cs-status" data-testid={`cs-status-${widget.id}`}>
        <thead style={{ color: env.theme.muted }}>
          <tr>
            <th style={cell}>{t('customScreens.status.device')}</th>
            <th style={cell}>{t('customScreens.status.status')}</th>
            <th style={cell}>{t('customScreens.status.lastSeen')}</th>
            {widget.columns.map((c) => (
              <th key={c} style={cell}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody style={{ color: widget.color ?? env.theme.text }}>
          {rows.map((r) => {
            const tag = statusTagView(r.status, r.alarm_type);
            return (
              <tr key={r.device_id} data-testid={`cs-status-row-${r.device_id}`} data-status={tag.color}>
                <td style={cell}>{r.title}</td>
                <td style={cell}>
                  <span
                    className="cs-status-dot"
                    style={{ background: STATUS_DOT[tag.color] ?? STATUS_DOT.default }}
                  />
                  <span style={{ color: STATUS_DOT[tag.color] ?? env.theme.text }}>
                    {t(tag.key, tag.params)}
                  </span>
                </td>
                <td style={{ ...cell, color: env.theme.muted }}>
                  {r.last_seen ? seen.format(new Date(r.last_seen)) : t('customScreens.status.never')}
                </td>
                {r.values.map((v, i) =>
                  r.locked ? (
                    <td key={widget.columns[i] ?? i} style={{ ...cell, color: env.theme.muted }}>
                      {t('customScreens.status.locked')}
                    </td>
                  ) : (
                    <td key={widget.columns[i] ?? i} style={cell} className="cs-status-value">
                      {v ? `${formatValue(v.value, 2)}${v.unit ? ` ${v.unit}` : ''}` : '—'}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
