import { AppstoreOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@fleet/contracts';
import { Card, Empty, Flex, Pagination, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { SearchInput } from '../../../shared/components/SearchInput';
import { useListParams } from '../../../shared/hooks/use-list-params';
import { usePermission } from '../../../shared/permission/permission';
import { CollectionSelect } from '../../device-groups/components/CollectionSelect';
import { useNow } from '../../devices/components/RelativeTime';
import { type StatusFilter, statusQueryOf } from '../../devices/lib/status';
import { useMonitorLive } from '../api/live-updates';
import { useMonitorDevices } from '../api/monitor-devices';
import { DeviceCard } from '../components/DeviceCard';
import { MapView } from '../components/MapView';
import { readViewMode, type ViewMode, writeViewMode } from '../lib/view-mode';

interface Filters {
  statusFilter: StatusFilter;
  group_id?: number;
  /** The map view's project filter. */
  project_id?: number;
}

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * /deviceMonitor/index (docs/api-alarms.md "Screens"): the visible devices as live cards or on a map,
 * with the SPEC 4 status filter. The group filter and the detail links need DeviceManage (the groups
 * API and the detail page); reading devices and points is open to Monitor.DeviceMonitor.
 */
export default function MonitorPage() {
  const { t } = useTranslation();
  const canManage = usePermission('DeviceManage');
  const list = useListParams<Filters>({ statusFilter: 'all' });
  const { statusFilter, group_id, project_id } = list.filters;
  const [chosenView, setChosenView] = useState<ViewMode>(() => readViewMode(storage()));
  const view: ViewMode = chosenView;
  const filter = { search: list.search, status: statusQueryOf(statusFilter), group_id };
  const devices = useMonitorDevices({ page: list.page, limit: list.limit, ...filter }, view === 'list');
  const rows = view === 'list' ? (devices.data?.rows ?? []) : [];
  useMonitorLive(rows.map((r) => r.device_id));
  const now = useNow();
  const filtered = list.search !== '' || statusFilter !== 'all' || group_id !== undefined;

  const chooseView = (mode: ViewMode) => {
    setChosenView(mode);
    writeViewMode(storage(), mode);
  };

  return (
    <Card data-testid="monitor-page">
      <Flex vertical gap={16}>
        <Flex gap={8} wrap align="center" justify="space-between">
          <Flex gap={8} wrap align="center">
            <Segmented
              value={statusFilter}
              onChange={(v) => list.setFilter('statusFilter', v as StatusFilter)}
              options={(['all', 'normal', 'offline', 'alarm'] as const).map((s) => ({
                value: s,
                label: t(`devices.status.${s}`),
              }))}
              data-testid="monitor-filter-status"
            />
            <SearchInput list={list} placeholder={t('monitor.searchPlaceholder')} testId="monitor-search" />
            {canManage && view === 'map' && (
              <CollectionSelect
                kind="project"
                value={project_id}
                onChange={(v) => list.setFilter('project_id', v ?? undefined)}
                placeholder={t('screens.map.project')}
                style={{ width: 160 }}
                testId="monitor-filter-project"
              />
            )}
            {canManage && (
              <CollectionSelect
                kind="group"
                value={group_id}
                onChange={(v) => list.setFilter('group_id', v ?? undefined)}
                placeholder={t('monitor.group')}
                style={{ width: 160 }}
                testId="monitor-filter-group"
              />
            )}
          </Flex>
          <Segmented
            value={view}
            onChange={(v) => chooseView(v as ViewMode)}
            options={[
              { value: 'list', icon: <AppstoreOutlined />, label: t('monitor.view.list') },
              { value: 'map', icon: <EnvironmentOutlined />, label: t('monitor.view.map') },
            ]}
            data-testid="monitor-view"
          />
        </Flex>
        {view === 'map' ? (
          <MapView filter={{ status: filter.status, group_id, project_id }} />
        ) : devices.isPending ? (
          <div className="monitor-grid" data-testid="monitor-loading">
            {[1, 2, 3, 4].map((k) => (
              <Card key={k} size="small">
                <Skeleton active paragraph={{ rows: 4 }} />
              </Card>
            ))}
          </div>
        ) : devices.error ? (
          <LoadError testId="monitor-error" onRetry={() => void devices.refetch()} />
        ) : rows.length === 0 ? (
          <Empty
            data-testid="monitor-empty"
            description={filtered ? t('monitor.emptyFiltered') : t('monitor.empty')}
            style={{ padding: 48 }}
          />
        ) : (
          <>
            <div className="monitor-grid" data-testid="monitor-grid">
              {rows.map((row) => (
                <DeviceCard key={row.device_id} row={row} now={now} canManage={canManage} />
              ))}
            </div>
            <Flex justify="flex-end">
              <Pagination
                current={list.page}
                pageSize={list.limit}
                total={devices.data?.total ?? 0}
                pageSizeOptions={PAGE_SIZES.map(String)}
                showSizeChanger
                showTotal={(total) => t('monitor.total', { total })}
                onChange={list.onPageChange}
                data-testid="monitor-pagination"
              />
            </Flex>
          </>
        )}
      </Flex>
    </Card>
  );
}
