import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { type DataPointRow, isReadOnlyPoint, type ScadaPoints } from '@fleet/contracts';
import type { ScadaDocument } from '@fleet/scada-model';
import { Alert, Button, Empty, Flex, Segmented, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, PermissionContext } from '../../../shared/permission/permission';
import { getCommandStatus, sendCommand } from '../../devices/api/send-command';
import { writePermissionOf } from '../../devices/lib/live-format';
import { LiveStore } from './live-store';
import { RuntimeContext, type RuntimeContextValue, type WriteDenial } from './runtime-context';
import { ScadaCanvas } from './ScadaCanvas';

export interface ScadaRuntimeProps {
  doc: ScadaDocument;
  name: string;
  points: ScadaPoints;
  /** Template point names the device lacks. */
  missing?: readonly string[];
  /** The page shown; the first of `pageOrder` when absent or unknown. */
  page?: string | null;
  onPageChange?: (page: string) => void;
  onRoute?: (path: string) => void;
  /** Tests and the benchmark hand in their own store; the page feeds it from /wss. */
  store?: LiveStore;
  fullscreen?: boolean;
  onFullscreenChange?: (on: boolean) => void;
  /** Extra toolbar content (e.g. the device picker of a template). */
  extra?: ReactNode;
}

/** The permission a write needs: the document may name it, else the point's type decides (as on the device pages). */
function needOf(point: DataPointRow, permission?: 'control' | 'parameter'): string {
  if (permission === 'parameter') return 'Device/setParam';
  if (permission === 'control') return 'Device/control';
  return writePermissionOf(point.type);
}

/**
 * A drawing running live: page switcher, full-screen toggle and the canvas, with the context every
 * element reads (values, points, write rules). Data comes in through `store`.
 */
export function ScadaRuntime({
  doc,
  name,
  points,
  missing = [],
  page,
  onPageChange,
  onRoute,
  store: given,
  fullscreen = false,
  onFullscreenChange,
  extra,
}: ScadaRuntimeProps) {
  const { t } = useTranslation();
  const permissions = useContext(PermissionContext);
  const [own] = useState(() => new LiveStore());
  const store = given ?? own;
  const [localPage, setLocalPage] = useState<string | null>(null);
  const pageId =
    [page, localPage].find((p): p is string => !!p && Object.hasOwn(doc.pages, p)) ?? doc.pageOrder[0]!;
  const current = doc.pages[pageId]!;
  const [onlineCount, setOnlineCount] = useState(() => points.devices.filter((d) => d.status === 1).length);

  // Device status from the points answer; live OL events and LD readings update it afterwards.
  useEffect(() => {
    for (const d of points.devices) store.setDeviceOnline(d.id, d.status === 1);
  }, [points, store]);

  // The devices' online count in the toolbar follows the store.
  useEffect(() => {
    const keys = points.devices.map((d) => `d:${d.id}`);
    const count = () => setOnlineCount(points.devices.filter((d) => store.isOnline(d.id)).length);
    count();
    return store.subscribe(keys, count);
  }, [points, store]);

  // Stale checks are time based: look again every 30 s.
  useEffect(() => {
    const timer = setInterval(() => store.tick(), 30_000);
    return () => clearInterval(timer);
  }, [store]);

  const setPage = (p: string) => {
    setLocalPage(p);
    onPageChange?.(p);
  };
  const setPageRef = useRef(setPage);
  setPageRef.current = setPage;
  const routeRef = useRef(onRoute);
  routeRef.current = onRoute;

  const ctx = useMemo<RuntimeContextValue>(() => {
    const byId = new Map(points.points.map((p) => [String(p.id), p]));
    const devices = new Map(points.devices.map((d) => [d.id, { id: d.id, name: d.name }]));
    return {
      store,
      points: byId,
      devices,
      writeDenial(point, permission): WriteDenial | null {
        if (!point) return 'noPoint';
        if (permissions?.readOnly) return 'readOnlyAccount';
        if (isReadOnlyPoint({ access: point.access, area: point.area })) return 'pointReadOnly';
        const need = needOf(point, permission);
        if (!hasPermission(permissions, need)) return need === 'Device/setParam' ? 'deniedParam' : 'denied';
        return null;
      },
      send: (point, value) => sendCommand({ device_id: point.device_id, point_id: point.id, value }),
      commandStatus: (id) => getCommandStatus(id),
      goToPage: (p) => setPageRef.current(p),
      goToRoute: (path) => routeRef.current?.(path),
      now: () => Date.now(),
    };
  }, [points, store, permissions]);

  const total = points.devices.length;
  // Locked devices (service expired past the grace period): the server sends none of their values.
  const locked = points.devices.filter((d) => d.locked);
  const empty = current.order.length === 0;
  return (
    <RuntimeContext.Provider value={ctx}>
      <Flex vertical gap={8} style={{ height: '100%' }} data-testid="scada-runtime">
        <Flex align="center" justify="space-between" gap={12} wrap className="scada-runtime-toolbar">
          <Flex align="center" gap={12} wrap>
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="scada-name">
              {name}
            </Typography.Title>
            {total > 0 ? (
              <Tag
                color={onlineCount === total ? 'success' : onlineCount === 0 ? 'default' : 'warning'}
                data-testid="scada-online"
              >
                {t('scada.runtime.devicesOnline', { online: onlineCount, total })}
              </Tag>
            ) : null}
            {doc.pageOrder.length > 1 ? (
              <Segmented
                aria-label={t('scada.runtime.pages')}
                value={pageId}
                onChange={(v) => setPage(String(v))}
                options={doc.pageOrder.map((p) => ({ value: p, label: doc.pages[p]?.name || p }))}
                data-testid="scada-pages"
              />
            ) : null}
          </Flex>
          <Flex align="center" gap={8}>
            {extra}
            <Tooltip title={fullscreen ? t('scada.runtime.exitFullscreen') : t('scada.runtime.fullscreen')}>
              <Button
                icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={() => onFullscreenChange?.(!fullscreen)}
                aria-label={fullscreen ? t('scada.runtime.exitFullscreen') : t('scada.runtime.fullscreen')}
                data-testid="scada-fullscreen"
              />
            </Tooltip>
          </Flex>
        </Flex>
        {locked.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title={t('scada.runtime.locked', { names: locked.map((d) => d.name).join(', ') })}
            action={
              onRoute ? (
                <Button size="small" onClick={() => onRoute('/deviceRecharge')}>
                  {t('scada.runtime.renew')}
                </Button>
              ) : undefined
            }
            data-testid="scada-locked"
          />
        ) : null}
        {missing.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            title={t('scada.runtime.missing', { count: missing.length, names: missing.join(', ') })}
            data-testid="scada-missing"
          />
        ) : null}
        <div
          className="scada-runtime-stage"
          style={{
            flex: 1,
            minHeight: 0,
            background: current.canvas.background,
            borderRadius: fullscreen ? 0 : 8,
            overflow: 'hidden',
            position: 'relative',
          }}
        >
          {empty ? (
            <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
              <Empty description={t('scada.runtime.emptyPage')} />
            </Flex>
          ) : null}
          <ScadaCanvas key={pageId} page={current} pageId={pageId} />
        </div>
      </Flex>
    </RuntimeContext.Provider>
  );
}
