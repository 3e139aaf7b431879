import { PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { OtaGatewayRow, OtaGatewayType } from '@fleet/contracts';
import { Button, Input, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../../shared/components/SearchInput';
import { tablePagination, useDebouncedValue, useListParams } from '../../../../shared/hooks/use-list-params';
import { Permit } from '../../../../shared/permission/Permit';
import { usePermission } from '../../../../shared/permission/permission';
import { wideTable } from '../../../../shared/table/wide-table';
import { ListCard, TableEmpty } from '../../../accounts/components/ListCard';
import { useCollectionOptions } from '../../../device-groups/api/list-collection-options';
import { CollectionSelect } from '../../../device-groups/components/CollectionSelect';
import { useDeleteOtaGateway } from '../api/delete-gateway';
import { useOtaAssignees } from '../api/list-assignees';
import { useOtaGateways } from '../api/list-gateways';
import { AssignModal } from '../components/AssignModal';
import { GatewayCommands } from '../components/GatewayCommands';
import { GatewayDrawer } from '../components/GatewayDrawer';
import { gatewayColumns } from '../components/gateway-columns';
import { ProjectCommandModal } from '../components/ProjectCommandModal';
import { UpgradeModal } from '../components/UpgradeModal';
import { typeOptions } from '../lib/labels';
import { useFollowCommands } from '../lib/use-follow-commands';

interface Filters {
  type?: OtaGatewayType;
  project_id?: number;
  model?: string;
  firmware_version?: string;
  owner_user_id?: number;
}

/** A text filter matched exactly by the server; sent 300 ms after typing stops (SPEC 5). */
function ExactFilter({
  label,
  onChange,
  testId,
}: {
  label: string;
  onChange: (value: string | undefined) => void;
  testId: string;
}) {
  const [text, setText] = useState('');
  const value = useDebouncedValue(text.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value is passed on
  useEffect(() => {
    onChange(value || undefined);
  }, [value]);
  return (
    <Input
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={label}
      aria-label={label}
      style={{ width: 150 }}
      data-testid={testId}
    />
  );
}

/** /ota/device: the OTA gateways of my data (docs/api-ota.md GET /ota/gateways). */
export default function OtaGatewaysPage() {
  const { t } = useTranslation();
  const list = useListParams<Filters>({});
  const { type, project_id, model, firmware_version, owner_user_id } = list.filters;
  const gateways = useOtaGateways({
    page: list.page,
    limit: list.limit,
    search: list.search,
    ...list.filters,
  });
  const remove = useDeleteOtaGateway();
  // Project names (the row holds the id); the list needs DeviceManage.
  const projects = useCollectionOptions('project', usePermission('DeviceManage'));
  const projectName = new Map((projects.data?.rows ?? []).map((p) => [p.id, p.name]));
  // The accounts a gateway can go to come from the user list (auth.User).
  const canPickUsers = usePermission('auth.User');
  const [drawer, setDrawer] = useState<{ open: boolean; gateway?: OtaGatewayRow }>({ open: false });
  const [assigning, setAssigning] = useState<OtaGatewayRow>();
  const owners = useOtaAssignees('', canPickUsers);
  const commands = useFollowCommands();
  const [upgrading, setUpgrading] = useState<OtaGatewayRow>();
  const [projectCommands, setProjectCommands] = useState(false);
  const filtered = list.search !== '' || Object.values(list.filters).some((v) => v !== undefined);

  const columns = gatewayColumns({
    t,
    projectName,
    canPickUsers,
    lastCommand: commands.byGateway,
    commands: (row) => <GatewayCommands gateway={row} onSent={commands.follow} onUpgrade={setUpgrading} />,
    onEdit: (row) => setDrawer({ open: true, gateway: row }),
    onAssign: setAssigning,
    onDelete: (row) => remove.mutateAsync(row.id),
  });

  return (
    <div data-testid="ota-gateways-page">
      <ListCard
        error={gateways.error}
        onRetry={() => void gateways.refetch()}
        filters={
          <>
            <SearchInput list={list} placeholder={t('otaGateways.search')} testId="ota-gateways-search" />
            <Select
              allowClear
              placeholder={t('otaGateways.col.type')}
              aria-label={t('otaGateways.col.type')}
              value={type}
              onChange={(v) => list.setFilter('type', v)}
              options={typeOptions(t)}
              style={{ width: 140 }}
              data-testid="ota-gateways-filter-type"
            />
            <CollectionSelect
              kind="project"
              value={project_id}
              onChange={(v) => list.setFilter('project_id', v ?? undefined)}
              style={{ width: 150 }}
              testId="ota-gateways-filter-project"
            />
            <ExactFilter
              label={t('otaGateways.col.model')}
              onChange={(v) => {
                if (v !== model) list.setFilter('model', v);
              }}
              testId="ota-gateways-filter-model"
            />
            <ExactFilter
              label={t('otaGateways.col.firmware')}
              onChange={(v) => {
                if (v !== firmware_version) list.setFilter('firmware_version', v);
              }}
              testId="ota-gateways-filter-firmware"
            />
            {canPickUsers && (
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('otaGateways.owner')}
                aria-label={t('otaGateways.owner')}
                value={owner_user_id}
                onChange={(v) => list.setFilter('owner_user_id', v)}
                options={(owners.data?.rows ?? []).map((u) => ({
                  value: u.user_id,
                  label: u.nick_name ? `${u.nick_name} (${u.username})` : u.username,
                }))}
                style={{ width: 170 }}
                data-testid="ota-gateways-filter-owner"
              />
            )}
          </>
        }
        actions={
          <Permit perm="OtaManager">
            <Space>
              <Button
                icon={<ThunderboltOutlined />}
                onClick={() => setProjectCommands(true)}
                data-testid="ota-project-commands-open"
              >
                {t('otaGateways.cmd.project')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ open: true })}
                data-testid="ota-gateway-add"
              >
                {t('otaGateways.add')}
              </Button>
            </Space>
          </Permit>
        }
      >
        <Table<OtaGatewayRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={gateways.data?.rows ?? []}
          loading={gateways.isFetching}
          {...wideTable(columns)}
          locale={{ emptyText: gateways.isPending ? ' ' : <TableEmpty filtered={filtered} /> }}
          pagination={tablePagination(list, gateways.data?.total ?? 0, (total) =>
            t('otaGateways.total', { total }),
          )}
          data-testid="ota-gateways-table"
        />
      </ListCard>
      <GatewayDrawer open={drawer.open} gateway={drawer.gateway} onClose={() => setDrawer({ open: false })} />
      <AssignModal gateway={assigning} onClose={() => setAssigning(undefined)} />
      <UpgradeModal gateway={upgrading} onClose={() => setUpgrading(undefined)} onSent={commands.follow} />
      <ProjectCommandModal
        open={projectCommands}
        onClose={() => setProjectCommands(false)}
        onSent={commands.follow}
      />
    </div>
  );
}
