import { DownOutlined } from '@ant-design/icons';
import type { OtaCommandRow, OtaGatewayRow } from '@fleet/contracts';
import { App, Button, type ButtonProps, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type GatewayCommandKind, useSendGatewayCommand } from '../api/send-gateway-command';

const MENU: GatewayCommandKind[] = ['csq', 'deploy', 'reload', 'reboot', 'upgrade'];

/**
 * The row's command menu (SPEC 7): csq, deploy, reload, reboot (asks first), upgrade (picks a package
 * in a dialog). Each sent command is handed to `onSent` to be followed.
 */
export function GatewayCommands({
  gateway,
  onSent,
  onUpgrade,
}: {
  gateway: OtaGatewayRow;
  onSent: (rows: OtaCommandRow[]) => void;
  onUpgrade: (gateway: OtaGatewayRow) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const send = useSendGatewayCommand();

  const run = async (kind: GatewayCommandKind) => {
    const row = await send.mutateAsync({ id: gateway.id, kind });
    onSent([row]);
    void message.info(
      t('otaGateways.cmd.sent', { command: t(`otaGateways.cmd.${kind}`), imei: gateway.imei }),
    );
  };

  const choose = (kind: GatewayCommandKind) => {
    if (kind === 'upgrade') return onUpgrade(gateway);
    if (kind !== 'reboot') return void run(kind).catch(() => undefined); // the client showed the error
    modal.confirm({
      title: t('otaGateways.cmd.reboot'),
      content: t('otaGateways.cmd.rebootConfirm', { imei: gateway.imei }),
      okButtonProps: { danger: true, 'data-testid': 'ota-reboot-confirm' } as ButtonProps,
      onOk: () => run('reboot').catch(() => undefined),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: MENU.map((kind) => ({
          key: kind,
          label: <span data-testid={`ota-cmd-${kind}`}>{t(`otaGateways.cmd.${kind}`)}</span>,
          danger: kind === 'reboot',
        })),
        onClick: ({ key }) => choose(key as GatewayCommandKind),
      }}
    >
      <Button size="small" type="link" loading={send.isPending} data-testid="ota-gateway-commands">
        {t('otaGateways.cmd.action')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
