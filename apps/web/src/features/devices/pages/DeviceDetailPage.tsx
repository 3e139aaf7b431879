import { ArrowLeftOutlined, EditOutlined, LineChartOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Result,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useTabTitle } from '../../../app/tabs/tab-store';
import { ApiError } from '../../../shared/api/errors';
import { Permit } from '../../../shared/permission/Permit';
import { usePermission } from '../../../shared/permission/permission';
import { useDevice } from '../api/get-device';
import { CommandsTab } from '../components/CommandsTab';
import { CredentialsTab } from '../components/CredentialsTab';
import { DeviceDrawer } from '../components/DeviceDrawer';
import { ExpiryTag } from '../components/ExpiryTag';
import { LinkHealthCard } from '../components/LinkHealthCard';
import { LiveDataTab } from '../components/LiveDataTab';
import { OnOfflineTab } from '../components/OnOfflineTab';
import { PointsTab } from '../components/PointsTab';
import { PortsTab } from '../components/PortsTab';
import { SignalInfo } from '../components/SignalInfo';
import { SlavesTab } from '../components/SlavesTab';
import { StatusTag } from '../components/StatusTag';
import { TriggersTab } from '../components/TriggersTab';
import { CLASS_COLOUR, formatTime, protocolLabel } from '../lib/labels';

/** docs/api-pipeline.md: who may read commands and the on/offline log besides the device managers. */
const COMMANDS_PERMISSION = ['DeviceManage', 'Monitor.DeviceMonitor'];
const ONOFF_PERMISSION = ['DeviceManage', 'Event/online', 'Monitor.DeviceMonitor'];

/**
 * /device/detail/:id (hidden): information, live data, commands, on/offline log, credentials, slave
 * devices and data points of one device.
 */
export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const device = useDevice(id);
  // Two open device details are two tabs named after their devices.
  useTabTitle(device.data?.device_title);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState('info');
  const canSeeCommands = usePermission(COMMANDS_PERMISSION);
  const canSeeOnOff = usePermission(ONOFF_PERMISSION);
  const canSeeTriggers = usePermission('DeviceManage');
  const na = t('common.na');

  if (device.isPending && Number.isInteger(id) && id > 0)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (
    (device.error instanceof ApiError && (device.error.status === 404 || device.error.code === 50000)) ||
    !(id > 0)
  )
    return (
      <Result
        status="404"
        title="404"
        subTitle={t('devices.detail.notFound')}
        extra={<Button onClick={() => navigate('/device/manage')}>{t('devices.common.back')}</Button>}
      />
    );
  if (device.error || !device.data)
    return (
      <Alert
        type="error"
        showIcon
        title={t('errors.loadFailed')}
        action={
          <Button size="small" onClick={() => void device.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  const d = device.data;
  const isGateway = d.device_class === 'DTUGW';

  return (
    <div data-testid="device-detail-page">
      <Card styles={{ body: { padding: '12px 16px 0' } }}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Space size={8} wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              onClick={() => navigate('/device/manage')}
              aria-label={t('devices.common.back')}
            />
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="device-detail-title">
              {d.binder_devtitle || d.device_title || d.device_imei}
            </Typography.Title>
            <StatusTag status={d.status} alarmType={d.alarm_type} />
            <ExpiryTag expireAt={d.expire_at} />
            <Tag color={CLASS_COLOUR[d.device_class]}>{d.device_class}</Tag>
            <Typography.Text type="secondary">IMEI {d.device_imei}</Typography.Text>
          </Space>
          <Button
            icon={<LineChartOutlined />}
            onClick={() => navigate(`/dataCenter/history?device_id=${d.id}`)}
            data-testid="device-detail-history"
          >
            {t('menu.history')}
          </Button>
        </Flex>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            {
              key: 'info',
              label: t('devices.detail.info'),
              children: (
                <Flex vertical gap={12} style={{ paddingBottom: 16 }}>
                  <Descriptions
                    bordered
                    size="middle"
                    column={{ xs: 1, md: 2, xl: 3 }}
                    data-testid="device-info"
                    extra={null}
                    items={[
                      { key: 'title', label: t('devices.list.title'), children: d.device_title || na },
                      {
                        key: 'imei',
                        label: 'IMEI',
                        children: <Typography.Text copyable>{d.device_imei}</Typography.Text>,
                      },
                      {
                        key: 'share',
                        label: t('devices.detail.sharecode'),
                        children: <Typography.Text copyable>{d.device_sharecode}</Typography.Text>,
                      },
                      {
                        key: 'protocol',
                        label: t('devices.list.protocol'),
                        children: protocolLabel(d.protocol),
                      },
                      {
                        key: 'gw',
                        label: t('devices.form.gatewayProtocol'),
                        children: d.gateway_protocol || na,
                      },
                      { key: 'model', label: t('devices.list.model'), children: d.device_model || na },
                      { key: 'owner', label: t('devices.list.owner'), children: d.owner_username },
                      {
                        key: 'online',
                        label: t('devices.detail.online'),
                        children: formatTime(d.online_at, na),
                      },
                      {
                        key: 'created',
                        label: t('devices.list.created'),
                        children: formatTime(d.created_at, na),
                      },
                      { key: 'slaves', label: t('devices.detail.slaveCount'), children: d.slave_count },
                      { key: 'points', label: t('devices.detail.pointCount'), children: d.point_count },
                      {
                        key: 'template',
                        label: t('devices.detail.template'),
                        children: d.template_id
                          ? `#${d.template_id} · ${t('devices.detail.templateVersion', { version: d.template_version })}`
                          : na,
                      },
                      { key: 'address', label: t('devices.form.address'), children: d.address || na },
                      {
                        key: 'coords',
                        label: `${t('common.lat')} / ${t('common.lng')}`,
                        children: d.lat !== null && d.lng !== null ? `${d.lat}, ${d.lng}` : na,
                      },
                      {
                        key: 'signal',
                        label: t('devices.signal.label'),
                        children: <SignalInfo deviceId={d.id} />,
                      },
                      ...(isGateway
                        ? [
                            {
                              key: 'heartbeat',
                              label: t('devices.heartbeat.content'),
                              children: d.heartbeat ? (
                                <Typography.Text code data-testid="device-heartbeat">
                                  {d.heartbeat}
                                </Typography.Text>
                              ) : (
                                na
                              ),
                            },
                            {
                              key: 'heartbeatInterval',
                              label: t('devices.heartbeat.interval'),
                              children:
                                d.heartbeat_interval_s === 0
                                  ? t('devices.heartbeat.off')
                                  : t('devices.heartbeat.seconds', { count: d.heartbeat_interval_s }),
                            },
                          ]
                        : []),
                      { key: 'remark', label: t('devices.form.remark'), children: d.remark || na },
                    ]}
                  />
                  <LinkHealthCard counters={d.counters} />
                  <div>
                    <Permit mode="disable">
                      <Button
                        icon={<EditOutlined />}
                        onClick={() => setEditing(true)}
                        data-testid="device-detail-edit"
                      >
                        {t('devices.common.edit')}
                      </Button>
                    </Permit>
                  </div>
                </Flex>
              ),
            },
            {
              key: 'live',
              label: t('devices.tabs.live'),
              children: (
                <div style={{ paddingBottom: 16 }}>
                  <LiveDataTab
                    device={d}
                    onShowCredentials={d.assigned ? undefined : () => setTab('credentials')}
                  />
                </div>
              ),
            },
            ...(canSeeCommands
              ? [
                  {
                    key: 'commands',
                    label: t('devices.tabs.commands'),
                    children: (
                      <div style={{ paddingBottom: 16 }}>
                        <CommandsTab deviceId={d.id} />
                      </div>
                    ),
                  },
                ]
              : []),
            ...(canSeeOnOff
              ? [
                  {
                    key: 'onoff',
                    label: t('devices.tabs.onoff'),
                    children: (
                      <div style={{ paddingBottom: 16 }}>
                        <OnOfflineTab deviceId={d.id} />
                      </div>
                    ),
                  },
                ]
              : []),
            ...(d.assigned
              ? []
              : [
                  {
                    key: 'credentials',
                    label: t('devices.detail.credentials'),
                    children: (
                      <div style={{ paddingBottom: 16 }}>
                        <CredentialsTab deviceId={d.id} />
                      </div>
                    ),
                  },
                ]),
            ...(isGateway
              ? [
                  {
                    key: 'ports',
                    label: `${t('devices.port.tab')} (${d.ports.length})`,
                    children: (
                      <div style={{ paddingBottom: 16 }}>
                        <PortsTab device={d} />
                      </div>
                    ),
                  },
                  {
                    key: 'slaves',
                    label: `${t('devices.detail.slaves')} (${d.slave_count})`,
                    children: (
                      <div style={{ paddingBottom: 16 }}>
                        <SlavesTab device={d} />
                      </div>
                    ),
                  },
                ]
              : []),
            {
              key: 'points',
              label: `${t('devices.detail.points')} (${d.point_count})`,
              children: (
                <div style={{ paddingBottom: 16 }}>
                  <PointsTab device={d} />
                </div>
              ),
            },
            ...(canSeeTriggers
              ? [
                  {
                    key: 'triggers',
                    label: t('devices.trigger.tab'),
                    children: (
                      <div style={{ paddingBottom: 16 }}>
                        <TriggersTab deviceId={d.id} readOnly={d.assigned} />
                      </div>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <DeviceDrawer open={editing} device={d} onClose={() => setEditing(false)} />
    </div>
  );
}
