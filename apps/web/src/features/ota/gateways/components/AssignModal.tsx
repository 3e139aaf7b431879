import type { OtaGatewayRow } from '@fleet/contracts';
import { Alert, App, Flex, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../../shared/hooks/use-list-params';
import { useAssignOtaGateway } from '../api/assign-gateway';
import { useOtaAssignees } from '../api/list-assignees';

/**
 * Hand a gateway to another account below the caller (POST /ota/gateways/{id}/assign). Its project
 * belongs to the previous owner, so it is cleared; the caller keeps seeing the gateway.
 */
export function AssignModal({ gateway, onClose }: { gateway?: OtaGatewayRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState<number>();
  const users = useOtaAssignees(useDebouncedValue(search.trim()), gateway !== undefined);
  const assign = useAssignOtaGateway();

  useEffect(() => {
    if (gateway) {
      setUserId(undefined);
      setSearch('');
    }
  }, [gateway]);

  const submit = async () => {
    if (!gateway || userId === undefined) return;
    try {
      await assign.mutateAsync({ id: gateway.id, userId });
      void message.success(t('otaGateways.assign.done'));
      onClose();
    } catch {
      // shown by the client
    }
  };

  return (
    <Modal
      open={gateway !== undefined}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('otaGateways.assign.ok')}
      okButtonProps={{ disabled: userId === undefined, 'data-testid': 'ota-assign-submit' }}
      confirmLoading={assign.isPending}
      title={t('otaGateways.assign.title', { imei: gateway?.imei ?? '' })}
      destroyOnHidden
      data-testid="ota-assign-modal"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('otaGateways.assign.help')}</Typography.Text>
        {gateway?.project_id !== null && gateway?.project_id !== undefined && (
          <Alert type="warning" showIcon title={t('otaGateways.assign.projectCleared')} />
        )}
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch }}
          value={userId}
          onChange={setUserId}
          placeholder={t('otaGateways.assign.pickUser')}
          aria-label={t('otaGateways.assign.pickUser')}
          loading={users.isFetching}
          notFoundContent={t('otaGateways.assign.noUsers')}
          options={(users.data?.rows ?? []).map((u) => ({
            value: u.user_id,
            label: u.nick_name ? `${u.username} (${u.nick_name})` : u.username,
          }))}
          style={{ width: '100%' }}
          data-testid="ota-assign-user"
        />
      </Flex>
    </Modal>
  );
}
