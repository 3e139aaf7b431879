import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DataPointRow, DeviceDetail } from '@fleet/contracts';
import { Button, Empty, Flex, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { LoadError } from '../../../shared/components/LoadError';
import { Permit } from '../../../shared/permission/Permit';
import { useDeletePoint } from '../api/delete-point';
import { usePoints } from '../api/points';
import { useSlaves } from '../api/slaves';
import { PointDrawer } from './PointDrawer';
import { TriggerDrawer } from './TriggerDrawer';
import { PointAlarmAction } from './TriggersTab';

const ACCESS_COLOUR: Record<string, string> = {
  readonly: 'default',
  writeonly: 'orange',
  readwrite: 'green',
};
const STORAGE_COLOUR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'purple' };

/** Data points of the device and its slaves, filtered by slave (docs/api-devices.md GET .../datapoint). */
export function PointsTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const points = usePoints(device.id);
  const slaves = useSlaves(device.id, device.device_class === 'DTUGW');
  const remove = useDeletePoint(device.id);
  const [slaveFilter, setSlaveFilter] = useState<string>('all');
  const [drawer, setDrawer] = useState<{ open: boolean; point?: DataPointRow }>({ open: false });
  // The Alarm action: a new trigger on that point (assignees may not change triggers).
  const [alarmPoint, setAlarmPoint] = useState<number>();
  const slaveRows = slaves.data ?? [];
  const rows = (points.data?.rows ?? []).filter((p) =>
    slaveFilter === 'all'
      ? true
      : slaveFilter === 'device'
        ? p.slave_id === null
        : String(p.slave_id) === slaveFilter,
  );
  const slaveName = (id: number | null) =>
    id === null
      ? t('devices.point.device')
      : `${slaveRows.find((s) => s.slave_id === id)?.name ?? ''} (${id})`;

  return (
    <Flex vertical gap={12} data-testid="device-points">
      <Flex gap={8} justify="space-between" wrap>
        <Segmented
          value={slaveFilter}
          onChange={(v) => setSlaveFilter(String(v))}
          options={[
            { value: 'all', label: t('devices.point.allSlaves') },
            { value: 'device', label: t('devices.point.device') },
            ...slaveRows.map((s) => ({ value: String(s.slave_id), label: `${s.name} (${s.slave_id})` })),
          ]}
          data-testid="points-filter-slave"
        />
        <Permit mode="disable">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true })}
            data-testid="point-add"
          >
            {t('devices.point.add')}
          </Button>
        </Permit>
      </Flex>
      {points.error ? <LoadError onRetry={() => void points.refetch()} /> : null}
      <Table<DataPointRow>
        rowKey="id"
        size="small"
        loading={points.isFetching}
        dataSource={rows}
        scroll={{ x: 1110 }}
        pagination={{
          pageSize: 20,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30', '50', '100'],
          showTotal: (total) => t('devices.common.total', { total }),
        }}
        locale={{
          emptyText: points.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.common.empty')} />
          ),
        }}
        data-testid="points-table"
        onRow={(row) => ({ 'data-testid': `point-row-${row.name}` }) as object}
        columns={[
          {
            title: t('devices.point.name'),
            dataIndex: 'name',
            width: 100,
            fixed: 'left',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          { title: t('devices.point.title'), dataIndex: 'title', width: 130, ellipsis: true },
          {
            title: t('devices.point.slave'),
            dataIndex: 'slave_id',
            width: 120,
            render: (v: number | null) => slaveName(v),
          },
          {
            title: t('devices.point.address'),
            key: 'addr',
            width: 90,
            render: (_v, r) =>
              r.area === null
                ? '—'
                : `${r.area}${r.area === 'DB' ? `${r.db_number}.` : ' '}${r.address ?? ''}`,
          },
          {
            title: t('devices.point.dataType'),
            dataIndex: 'data_type',
            width: 90,
            render: (v: string) => <Tag data-testid="point-data-type">{v}</Tag>,
          },
          {
            title: t('devices.point.access'),
            dataIndex: 'access',
            width: 130,
            render: (v: string) => (
              <Tag color={ACCESS_COLOUR[v]} data-testid="point-access">
                {t(`devices.point.access_${v}`)}
              </Tag>
            ),
          },
          { title: t('devices.point.unit'), dataIndex: 'unit', width: 70 },
          {
            title: t('devices.point.storageMode'),
            dataIndex: 'storage_mode',
            width: 110,
            render: (v: number) => (
              <Tag color={STORAGE_COLOUR[v]} data-testid="point-storage">
                {t(`devices.point.storage${v}`)}
              </Tag>
            ),
          },
          {
            title: t('devices.point.translationCount'),
            key: 'tr',
            width: 190,
            render: (_v, r) => {
              const items = r.ds_config.translate;
              if (items.length === 0) return <Typography.Text type="secondary">0</Typography.Text>;
              return (
                <Flex gap={4} wrap data-testid="point-translations">
                  {items.slice(0, 3).map((i) => (
                    <Tag key={`${i.range.lolmt}-${i.range.uplmt}-${i.text}`} color="geekblue">
                      {i.range.lolmt === i.range.uplmt
                        ? i.range.lolmt
                        : `${i.range.lolmt ?? ''}~${i.range.uplmt ?? ''}`}
                      : {i.text}
                    </Tag>
                  ))}
                  {items.length > 3 && <Tag>+{items.length - 3}</Tag>}
                </Flex>
              );
            },
          },
          {
            title: t('devices.common.actions'),
            key: 'a',
            width: device.assigned ? 80 : 110,
            fixed: 'right',
            render: (_v, row) => (
              <Space size={0}>
                {!device.assigned && <PointAlarmAction onClick={() => setAlarmPoint(row.id)} />}
                <Permit mode="disable">
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setDrawer({ open: true, point: row })}
                    aria-label={t('devices.common.edit')}
                    title={t('devices.common.edit')}
                    data-testid="point-edit"
                  />
                </Permit>
                <DeleteAction
                  name={row.name}
                  onDelete={() => remove.mutateAsync({ deviceId: device.id, pointId: row.id })}
                  testId="point-delete"
                />
              </Space>
            ),
          },
        ]}
      />
      <PointDrawer
        device={device}
        slaves={slaveRows}
        point={drawer.point}
        slaveId={/^\d+$/.test(slaveFilter) ? Number(slaveFilter) : null}
        open={drawer.open}
        onClose={() => setDrawer({ open: false })}
      />
      <TriggerDrawer
        deviceId={device.id}
        open={alarmPoint !== undefined}
        pointId={alarmPoint}
        onClose={() => setAlarmPoint(undefined)}
      />
    </Flex>
  );
}
