import { EditOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { OtaCommandRow, OtaGatewayRow, OtaGatewayType, OtaSimStatus } from '@fleet/contracts';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { DeleteAction } from '../../../../shared/components/DeleteAction';
import { Permit } from '../../../../shared/permission/Permit';
import { formatTime, SIM_STATUS_COLOUR, TYPE_KEYS } from '../lib/labels';
import { CommandTag } from './CommandTag';
import { SignalBars } from './SignalBars';

export interface GatewayColumnsContext {
  t: TFunction;
  projectName: Map<number, string>;
  canPickUsers: boolean;
  lastCommand: Record<number, OtaCommandRow>;
  /** The row's command menu (shown with OtaManager). */
  commands: (row: OtaGatewayRow) => ReactNode;
  onEdit: (row: OtaGatewayRow) => void;
  onAssign: (row: OtaGatewayRow) => void;
  onDelete: (row: OtaGatewayRow) => Promise<unknown>;
}

/** A plan's name linked to nothing more than its id on hover (the plans page lists it). */
function planCell(name: string | null, id: number | null, na: string) {
  if (name === null) return <Typography.Text type="secondary">{na}</Typography.Text>;
  return (
    <Tooltip title={`#${id}`}>
      <span>{name}</span>
    </Tooltip>
  );
}

/** The columns of /ota/device (docs/api-ota.md GET /ota/gateways). */
export function gatewayColumns(ctx: GatewayColumnsContext): ColumnsType<OtaGatewayRow> {
  const { t, projectName, canPickUsers } = ctx;
  const na = t('common.na');
  return [
    {
      title: 'IMEI',
      dataIndex: 'imei',
      fixed: 'left',
      width: 180,
      render: (v: string) => (
        <Typography.Text copyable strong data-testid="ota-gateway-imei">
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('otaGateways.col.type'),
      dataIndex: 'type',
      width: 120,
      render: (v: OtaGatewayType) => <Tag color={v === 2 ? 'blue' : 'cyan'}>{t(TYPE_KEYS[v])}</Tag>,
    },
    {
      title: t('otaGateways.signal.col'),
      dataIndex: 'csq_rssi',
      width: 120,
      render: (v: number | null, row) => <SignalBars rssi={v} ber={row.csq_ber} at={row.csq_at} />,
    },
    {
      title: t('otaGateways.cmd.last'),
      key: 'last_command',
      width: 170,
      render: (_v, row) => {
        const command = ctx.lastCommand[row.id];
        return command ? (
          <CommandTag command={command} />
        ) : (
          <Typography.Text type="secondary">{na}</Typography.Text>
        );
      },
    },
    { title: t('otaGateways.col.model'), dataIndex: 'model', width: 120, render: (v: string) => v || na },
    {
      title: 'ICCID',
      dataIndex: 'iccid',
      width: 200,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">{na}</Typography.Text>,
    },
    {
      title: t('otaGateways.col.simStatus'),
      dataIndex: 'sim_status',
      width: 120,
      render: (v: OtaSimStatus | null, row) =>
        v ? (
          <Tag color={SIM_STATUS_COLOUR[v]} data-testid="ota-gateway-sim-status">
            {t(`otaGateways.simStatus.${v}`)}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{row.iccid ? t('otaGateways.simUnknown') : na}</Typography.Text>
        ),
    },
    {
      title: t('otaGateways.col.firmware'),
      dataIndex: 'firmware_version',
      width: 140,
      render: (v: string, row) =>
        v ? (
          <Tooltip title={t('otaGateways.counter', { counter: row.firmware_counter })}>
            <span>{v}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('otaGateways.notReported')}</Typography.Text>
        ),
    },
    {
      title: t('otaGateways.col.paramVersion'),
      dataIndex: 'param_version',
      width: 130,
      render: (v: number | null) =>
        v === null ? (
          <Typography.Text type="secondary">{t('otaGateways.notReported')}</Typography.Text>
        ) : (
          `v${v}`
        ),
    },
    {
      title: t('otaGateways.plan.firmware'),
      dataIndex: 'firmware_plan_name',
      width: 150,
      ellipsis: true,
      render: (v: string | null, row) => planCell(v, row.firmware_plan_id, na),
    },
    {
      title: t('otaGateways.plan.params'),
      dataIndex: 'param_plan_name',
      width: 150,
      ellipsis: true,
      render: (v: string | null, row) => planCell(v, row.param_plan_id, na),
    },
    {
      title: t('otaGateways.plan.time'),
      dataIndex: 'plan_time',
      width: 150,
      render: (v: string | null) => formatTime(v, na),
    },
    {
      title: t('otaGateways.col.defaultPort'),
      dataIndex: 'default_port',
      width: 110,
      render: (v: number | null) => v ?? na,
    },
    {
      title: t('otaGateways.col.serverAddress'),
      dataIndex: 'server_address',
      width: 180,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('otaGateways.col.pointLimit'),
      dataIndex: 'point_limit',
      width: 110,
      render: (v: number | null) => v ?? t('common.noLimit'),
    },
    {
      title: t('otaGateways.col.project'),
      dataIndex: 'project_id',
      width: 140,
      ellipsis: true,
      render: (v: number | null) => (v === null ? na : (projectName.get(v) ?? `#${v}`)),
    },
    {
      title: t('otaGateways.col.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || na,
    },
    {
      title: t('otaGateways.col.created'),
      dataIndex: 'created_at',
      width: 160,
      render: (v: string) => formatTime(v, na),
    },
    {
      title: t('otaGateways.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_v, row) => (
        <Space size={0}>
          <Permit perm="OtaManager">{ctx.commands(row)}</Permit>
          <Permit perm="OtaManager">
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => ctx.onEdit(row)}
              title={t('common.edit')}
              aria-label={t('common.edit')}
              data-testid="ota-gateway-edit"
            />
          </Permit>
          {canPickUsers && (
            <Permit perm="OtaManager">
              <Button
                type="link"
                size="small"
                icon={<UserSwitchOutlined />}
                onClick={() => ctx.onAssign(row)}
                title={t('otaGateways.assign.action')}
                aria-label={t('otaGateways.assign.action')}
                data-testid="ota-gateway-assign"
              />
            </Permit>
          )}
          <Permit perm="OtaManager">
            <DeleteAction name={row.imei} onDelete={() => ctx.onDelete(row)} testId="ota-gateway-delete" />
          </Permit>
        </Space>
      ),
    },
  ];
}
