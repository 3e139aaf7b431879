import { SendOutlined } from '@ant-design/icons';
import type { CommandRow, DataPointRow } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Popover, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/api/client';
import { fieldErrorOf } from '../../../shared/forms/server-error';
import { Permit } from '../../../shared/permission/Permit';
import { deviceKeys } from '../api/keys';
import { getCommandStatus, useSendCommand } from '../api/send-command';
import { nextCommandCheck, writeInputKind, writePermissionOf } from '../lib/live-format';
import { CommandStatusTag } from './CommandStatusTag';

/**
 * Follows a sent command: re-reads its status 2000 ms after sending (SPEC), then every 2 s while it is
 * still pending, for about 20 s. A confirmed write moves the latest value, so the live table is re-read.
 */
function useFollowCommand(deviceId: number) {
  const queryClient = useQueryClient();
  const [command, setCommand] = useState<CommandRow | null>(null);
  const sentAt = useRef(0);
  useEffect(() => {
    if (!command) return;
    const delay = nextCommandCheck(command.status, Date.now() - sentAt.current);
    if (delay === null) {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.lastdp(deviceId) });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.commandsAll(deviceId) });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      getCommandStatus(command.id)
        .then((row) => live && setCommand(row))
        // A failed re-read keeps the last status; the next tick (or the Commands tab) tells more.
        .catch(() => live && setCommand({ ...command }));
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [command, deviceId, queryClient]);
  return {
    command,
    start: (row: CommandRow) => {
      sentAt.current = Date.now();
      setCommand(row);
    },
    reset: () => setCommand(null),
  };
}

export function WriteForm({ deviceId, point }: { deviceId: number; point: DataPointRow }) {
  const { t } = useTranslation();
  const send = useSendCommand(deviceId);
  const follow = useFollowCommand(deviceId);
  const [form] = Form.useForm<{ value: number | string | boolean }>();
  const kind = writeInputKind(point);
  const hasRange = point.lolmt !== null || point.uplmt !== null;

  const submit = async () => {
    let value: number | string | boolean;
    try {
      ({ value } = await form.validateFields());
    } catch {
      // The form shows what is missing or wrong; nothing is sent.
      return;
    }
    follow.reset();
    try {
      const row = await send.mutateAsync({ device_id: deviceId, point_id: point.id, value });
      follow.start(row);
    } catch (error) {
      const fe = fieldErrorOf(error);
      if (fe) form.setFields([{ name: 'value', errors: [fe.message] }]);
      else notifyError(error);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ width: 260 }}
      initialValues={{ value: kind === 'switch' ? false : kind === 'text' ? '' : undefined }}
      data-testid="write-form"
    >
      <Form.Item
        name="value"
        valuePropName={kind === 'switch' ? 'checked' : 'value'}
        rules={
          kind === 'number'
            ? [{ required: true, message: t('devices.common.required') }]
            : kind === 'text'
              ? [{ required: true, whitespace: true, message: t('devices.common.required') }]
              : []
        }
        extra={
          kind === 'number' && hasRange
            ? t('devices.live.range', { min: point.lolmt ?? '−∞', max: point.uplmt ?? '∞' })
            : undefined
        }
        style={{ marginBottom: 8 }}
      >
        {kind === 'switch' ? (
          <Switch
            checkedChildren={t('devices.live.on')}
            unCheckedChildren={t('devices.live.off')}
            data-testid="write-input"
          />
        ) : kind === 'text' ? (
          <Input maxLength={256} data-testid="write-input" />
        ) : (
          <InputNumber
            style={{ width: '100%' }}
            min={point.lolmt ?? undefined}
            max={point.uplmt ?? undefined}
            addonAfter={point.unit || undefined}
            data-testid="write-input"
          />
        )}
      </Form.Item>
      <Flex justify="space-between" align="center" gap={8}>
        <span data-testid="write-status">
          {follow.command ? <CommandStatusTag status={follow.command.status} /> : null}
        </span>
        <Button
          type="primary"
          size="small"
          icon={<SendOutlined />}
          loading={send.isPending}
          onClick={() => void submit()}
          data-testid="write-send"
        >
          {t('devices.live.send')}
        </Button>
      </Flex>
      {follow.command?.error ? (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 6 }} data-testid="write-error">
          {follow.command.error}
        </Typography.Text>
      ) : null}
    </Form>
  );
}

/** A "Write" button beside a writable point, gated by the permission its point type needs. */
export function WriteControl({ deviceId, point }: { deviceId: number; point: DataPointRow }) {
  const { t } = useTranslation();
  return (
    <Permit perm={writePermissionOf(point.type)}>
      <Popover
        trigger="click"
        destroyOnHidden
        title={t('devices.live.writeTitle', { name: point.title || point.name })}
        content={<WriteForm deviceId={deviceId} point={point} />}
      >
        <Button size="small" type="link" icon={<SendOutlined />} data-testid={`write-${point.name}`}>
          {t('devices.live.write')}
        </Button>
      </Popover>
    </Permit>
  );
}
