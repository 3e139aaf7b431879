import type { OtaCommandRow } from '@fleet/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableTagStyle } from '../../../../shared/components/readable-color';
import { commandStatusView } from '../../../devices/lib/live-format';

/** The last command of a gateway: what it was and its SPEC 4 status (the error on hover). */
export function CommandTag({ command }: { command: OtaCommandRow }) {
  const { t } = useTranslation();
  const { color } = commandStatusView(command.status);
  const answer =
    command.kind === 'csq' && command.rssi !== null ? ` · rssi ${command.rssi}, ber ${command.ber}` : '';
  return (
    <Tooltip title={command.error || `${t(`otaGateways.cmd.${command.kind}`)}${answer}`}>
      <Tag
        color={color}
        style={readableTagStyle(color)}
        data-testid="ota-command-status"
        data-kind={command.kind}
        data-status={command.status}
      >
        {t(`otaGateways.cmd.${command.kind}`)}: {t(`otaGateways.cmd.status.${command.status}`)}
      </Tag>
    </Tooltip>
  );
}
