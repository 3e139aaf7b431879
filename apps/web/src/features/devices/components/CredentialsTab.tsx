import { SyncOutlined } from '@ant-design/icons';
import type { DeviceCredentials } from '@fleet/contracts';
import { Alert, App, Button, Descriptions, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/components/LoadError';
import { Permit } from '../../../shared/permission/Permit';
import { useCredentials } from '../api/credentials';
import { useRotateCredentials } from '../api/rotate-credentials';
import { OneTimeCredentials } from './OneTimeCredentials';

/**
 * The device's identity and a Regenerate button. The secrets are stored hashed: they show here only
 * right after a regeneration (kept in this component's state, never in the query cache).
 */
export function CredentialsTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const creds = useCredentials(deviceId, true);
  const rotate = useRotateCredentials(deviceId);
  const [fresh, setFresh] = useState<DeviceCredentials | null>(null);
  if (creds.isPending) return <Skeleton active />;
  if (creds.error || !creds.data) return <LoadError onRetry={() => void creds.refetch()} />;
  const c = creds.data;
  const hidden = <Typography.Text type="secondary">{t('devices.cred.hidden')}</Typography.Text>;
  return (
    <Flex vertical gap={12} data-testid="device-credentials">
      {fresh ? (
        <OneTimeCredentials credentials={fresh} />
      ) : (
        <>
          <Alert type="info" showIcon message={t('devices.cred.hiddenNote')} data-testid="cred-hidden-note" />
          <Descriptions bordered column={1} size="middle" styles={{ label: { width: 220 } }}>
            <Descriptions.Item label={t('devices.cred.imei')}>
              <Typography.Text copyable>{c.imei}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('devices.cred.mqttUsername')}>
              <Typography.Text copyable>{c.mqtt_username}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('devices.cred.mqttPassword')}>{hidden}</Descriptions.Item>
            <Descriptions.Item label={t('devices.cred.dtuRegistration')}>
              {c.dtu_registration === null ? (
                hidden
              ) : (
                <Typography.Text code>{c.dtu_registration}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('devices.cred.httpKey')}>{hidden}</Descriptions.Item>
          </Descriptions>
        </>
      )}
      <div>
        <Popconfirm
          title={t('devices.cred.rotateConfirm')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            rotate
              .mutateAsync()
              .then((answer) => {
                setFresh(answer);
                void message.success(t('devices.cred.rotated'));
              })
              .catch(() => undefined)
          }
        >
          <Permit mode="disable">
            <Button danger icon={<SyncOutlined />} loading={rotate.isPending} data-testid="cred-rotate">
              {t('devices.cred.rotate')}
            </Button>
          </Permit>
        </Popconfirm>
      </div>
    </Flex>
  );
}
