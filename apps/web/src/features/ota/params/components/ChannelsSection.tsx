import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type GatewayParams, GATEWAY_PARAM_LIMITS as L } from '@fleet/contracts';
import { Button, Card, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField, SwitchField, TextField, useParams } from './fields';

type Channel = GatewayParams['channels'][number];

/** What a new network channel starts with (SPEC 5 defaults: heartbeat 120 s). */
export const newChannel = (): Channel => ({
  enable: true,
  registration_packet: { content: '', hex: false },
  heartbeat_packet: { content: '', hex: false },
  heartbeat_interval_s: L.heartbeatS.default,
  socket_url: '',
  socket_port: 502,
  uart_id: 1,
});

/** A packet sent as is: its text, or hex bytes with the 0x prefix when "hex" is on. */
function PacketFields({ base, label }: { base: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      <Col xs={18}>
        <TextField path={`${base}.content`} label={label} maxLength={256} rule="gatewayParams.hexPrefix" />
      </Col>
      <Col xs={6}>
        <SwitchField path={`${base}.hex`} label={t('gatewayParamsForm.channels.hex')} />
      </Col>
    </Row>
  );
}

/** Network channels (socket connections), at most four. */
export function ChannelsSection() {
  const { t } = useTranslation();
  const { value, set, disabled } = useParams();
  const k = (key: string) => t(`gatewayParamsForm.channels.${key}`);
  return (
    <Flex vertical gap={12}>
      {value.channels.map((_channel, i) => {
        const base = `channels.${i}`;
        return (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: channels are numbered by position
            key={i}
            size="small"
            type="inner"
            title={t('gatewayParamsForm.channels.channel', { n: i + 1 })}
            data-testid={`gp-channel-${i}`}
            extra={
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                disabled={disabled}
                aria-label={t('gatewayParamsForm.remove')}
                onClick={() =>
                  set(
                    'channels',
                    value.channels.filter((__, j) => j !== i),
                  )
                }
              />
            }
          >
            <Row gutter={16}>
              <Col xs={24} md={6}>
                <SwitchField path={`${base}.enable`} label={k('enable')} />
              </Col>
              <Col xs={24} md={10}>
                <TextField path={`${base}.socket_url`} label={k('socketUrl')} maxLength={253} />
              </Col>
              <Col xs={12} md={4}>
                <NumberField
                  path={`${base}.socket_port`}
                  label={k('socketPort')}
                  min={L.port.min}
                  max={L.port.max}
                  rule="gatewayParams.port"
                />
              </Col>
              <Col xs={12} md={4}>
                <NumberField path={`${base}.uart_id`} label={k('uartId')} min={1} max={16} />
              </Col>
              <Col xs={24} md={8}>
                <NumberField
                  path={`${base}.heartbeat_interval_s`}
                  label={k('heartbeatInterval')}
                  min={0}
                  max={86400}
                  addon="s"
                  rule="gatewayParams.heartbeat"
                  help={t('gatewayParamsForm.defaultIs', { value: L.heartbeatS.default })}
                />
              </Col>
              <Col xs={24} md={16}>
                <PacketFields base={`${base}.heartbeat_packet`} label={k('heartbeat')} />
              </Col>
              <Col xs={24} md={16}>
                <PacketFields base={`${base}.registration_packet`} label={k('registration')} />
              </Col>
            </Row>
          </Card>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        disabled={disabled || value.channels.length >= L.channels.max}
        onClick={() => set('channels', [...value.channels, newChannel()])}
        data-testid="gp-channel-add"
      >
        {t('gatewayParamsForm.channels.add', { max: L.channels.max })}
      </Button>
    </Flex>
  );
}
