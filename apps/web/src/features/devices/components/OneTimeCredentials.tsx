import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { DeviceCredentials } from '@fleet/contracts';
import { Alert, App, Button, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC 8: copy messages last 1.5 s. */
const COPY_SECONDS = 1.5;

export function Secret({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [shown, setShown] = useState(false);
  const copy = () =>
    navigator.clipboard
      .writeText(value)
      .then(() => void message.success(t('devices.common.copied'), COPY_SECONDS))
      .catch(() => void message.error(t('devices.common.copyFailed'), COPY_SECONDS));
  return (
    <Flex gap={4} align="center" wrap>
      <Typography.Text code data-testid={testId}>
        {shown ? value : '•'.repeat(Math.min(value.length, 24))}
      </Typography.Text>
      <Button
        type="text"
        size="small"
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={() => setShown((s) => !s)}
        title={shown ? t('devices.common.hide') : t('devices.common.reveal')}
        aria-label={shown ? t('devices.common.hide') : t('devices.common.reveal')}
        data-testid={`${testId}-reveal`}
      />
      <Button
        type="text"
        size="small"
        icon={<CopyOutlined />}
        onClick={() => void copy()}
        title={t('devices.common.copy')}
        aria-label={t('devices.common.copy')}
        data-testid={`${testId}-copy`}
      />
    </Flex>
  );
}

/**
 * The plain secrets of a device just created or regenerated: the platform keeps only hashes, so this is
 * the one time they are shown (with a note saying so).
 */
export function OneTimeCredentials({ credentials: c }: { credentials: DeviceCredentials }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} data-testid="device-credentials-once">
      <Alert type="warning" showIcon message={t('devices.cred.onceNote')} data-testid="cred-once-note" />
      <Descriptions bordered column={1} size="middle" styles={{ label: { width: 220 } }}>
        <Descriptions.Item label={t('devices.cred.mqttUsername')}>
          <Typography.Text copyable>{c.mqtt_username}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.cred.mqttPassword')}>
          <Secret value={c.mqtt_password ?? ''} testId="cred-mqtt-password" />
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.cred.dtuRegistration')}>
          <Secret value={c.dtu_registration ?? ''} testId="cred-dtu" />
        </Descriptions.Item>
        <Descriptions.Item label={t('devices.cred.httpKey')}>
          <Secret value={c.http_key ?? ''} testId="cred-http" />
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
